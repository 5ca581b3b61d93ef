import type { RestHandler } from '../http/context.js';
import type { RouteDefinition } from '../http/route-table.js';
import { languageListNode, languageNode, sectionListNode, sectionNode } from '../output/visitors/reference-data.js';
import { notYetImplemented } from './pending.js';
import { intParam, resource } from './support.js';

/** GET /content/sections (`?identifier=` → one-element list, 404 when unknown), rest.md §3.4 S1. */
const loadSections: RestHandler = async (context) => {
  const { sectionService } = context.repository;
  const identifier = context.query.get('identifier');
  const sections = identifier !== null ? [await sectionService.loadSectionByIdentifier(identifier)] : await sectionService.loadSections();
  return resource(sectionListNode(sections, context.hrefs.path('/content/sections'), context.visit));
};

const loadSection: RestHandler = async (context) =>
  resource(sectionNode(await context.repository.sectionService.loadSection(intParam(context, 'sectionId')), context.visit), {
    acceptPatch: 'SectionInput',
  });

const loadLanguages: RestHandler = async (context) => resource(languageListNode(await context.repository.languageService.loadLanguages(), context.visit));

const loadLanguage: RestHandler = async (context) =>
  resource(languageNode(await context.repository.languageService.loadLanguage(context.params['languageCode'] ?? ''), context.visit));

/** Sections and languages (rest.md §3.4 S1, S3, L1, L2). */
export const referenceDataRoutes: readonly RouteDefinition<RestHandler>[] = [
  { path: '/content/sections', methods: [['GET', loadSections], ['POST', notYetImplemented('Creating sections')]] },
  {
    path: '/content/sections/{sectionId:id}',
    methods: [['GET', loadSection], ['PATCH', notYetImplemented('Updating sections')], ['DELETE', notYetImplemented('Deleting sections')]],
  },
  { path: '/languages', methods: [['GET', loadLanguages]] },
  { path: '/languages/{languageCode:languageCode}', methods: [['GET', loadLanguage]] },
];
