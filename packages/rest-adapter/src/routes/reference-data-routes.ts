import type { RestHandler } from '../http/rest-context.js';
import type { RouteDefinition } from '../http/route-table.js';
import { languageListNode, languageNode, sectionListNode, sectionNode } from '../output/visitors/reference-data-visitor.js';
import type { RestContext } from '../http/rest-context.js';
import { forbidOn } from '../error-response.js';
import { parseSectionInput } from '../input/parsers/management-parser.js';
import { intParam, resource } from './route-support.js';

/** GET /content/sections (`?identifier=` → one-element list, 404 when unknown). */
const loadSections: RestHandler = async (context) => {
  const { sectionService } = context.repository;
  const identifier = context.query.get('identifier');
  const sections = identifier !== null ? [await sectionService.loadSectionByIdentifier(identifier)] : await sectionService.loadSections();
  return resource(sectionListNode(sections, context.hrefs.path('/content/sections'), context.visit));
};

const sectionId = (context: RestContext): number => intParam(context, 'sectionId');

const loadSection: RestHandler = async (context) =>
  resource(sectionNode(await context.repository.sectionService.loadSection(sectionId(context)), context.visit), {
    acceptPatch: 'SectionInput',
  });

/** POST /content/sections (SectionInput) → 201 Section; a taken identifier is a 403, as in Ibexa. */
const createSection: RestHandler = async (context) => {
  const { data } = await context.input(['SectionInput']);
  const struct = parseSectionInput(data);
  const section = await forbidOn(['InvalidArgument'], () => context.repository.sectionService.createSection(struct));
  return resource(sectionNode(section, context.visit), { status: 201, location: context.hrefs.section(section.id), acceptPatch: 'SectionInput' });
};

/** PATCH /content/sections/{id} (SectionInput, both members required) → 200 Section; 403 as for a create. */
const updateSection: RestHandler = async (context) => {
  const { data } = await context.input(['SectionInput']);
  const struct = parseSectionInput(data);
  const section = await forbidOn(['InvalidArgument'], () => context.repository.sectionService.updateSection(sectionId(context), struct));
  return resource(sectionNode(section, context.visit), { acceptPatch: 'SectionInput' });
};

/** DELETE /content/sections/{id} → 204; a section in use is a 409 (BadState). */
const deleteSection: RestHandler = async (context) => {
  await context.repository.sectionService.deleteSection(sectionId(context));
  return { kind: 'empty', status: 204 };
};

const loadLanguages: RestHandler = async (context) => resource(languageListNode(await context.repository.languageService.loadLanguages(), context.visit));

const loadLanguage: RestHandler = async (context) =>
  resource(languageNode(await context.repository.languageService.loadLanguage(context.params['languageCode'] ?? ''), context.visit));

/** Sections and languages (`/content/sections…`, `/languages…`). */
export const referenceDataRoutes: readonly RouteDefinition<RestHandler>[] = [
  { path: '/content/sections', methods: [['GET', loadSections], ['POST', createSection]] },
  { path: '/content/sections/{sectionId:id}', methods: [['GET', loadSection], ['PATCH', updateSection], ['DELETE', deleteSection]] },
  { path: '/languages', methods: [['GET', loadLanguages]] },
  { path: '/languages/{languageCode:languageCode}', methods: [['GET', loadLanguage]] },
];
