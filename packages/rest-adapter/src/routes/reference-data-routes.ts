import type { LockTarget } from '@contentrepo/core';
import type { RestContext, RestHandler, RestResult, RestRoute } from '../http/rest-context.js';
import { languageListNode, languageNode, sectionListNode, sectionNode } from '../output/visitors/reference-data-visitor.js';
import { forbidOn } from '../error-response.js';
import { parseLanguageCreate, parseLanguageUpdate, parseSectionInput } from '../input/parsers/management-parser.js';
import { intParam, resource, tagged } from './route-support.js';

/** GET /content/sections (`?identifier=` → one-element list, 404 when unknown). */
const loadSections: RestHandler = async (context) => {
  const { sectionService } = context.repository;
  const identifier = context.query.get('identifier');
  const sections = identifier !== null ? [await sectionService.loadSectionByIdentifier(identifier)] : await sectionService.loadSections();
  return resource(sectionListNode(sections, context.hrefs.path('/content/sections'), context.visit));
};

const sectionId = (context: RestContext): number => intParam(context, 'sectionId');

/** The aggregate of `/content/sections/{id}`: the section. */
const sectionAggregate = (context: RestContext): LockTarget => ({ kind: 'section', id: sectionId(context) });

/** A Section element, loaded afresh and tagged with the section's revision. */
const sectionResult = (context: RestContext, id: number, options: { status?: number; location?: string } = {}): Promise<RestResult> =>
  tagged(context, { kind: 'section', id }, async () =>
    resource(sectionNode(await context.repository.sectionService.loadSection(id), context.visit), { acceptPatch: 'SectionInput', cacheTags: [`s${id}`], ...options }),
  );

/** GET /content/sections/{id} → Section with its ETag (If-None-Match → 304). */
const loadSection: RestHandler = (context) => sectionResult(context, sectionId(context));

/** POST /content/sections (SectionInput) → 201 Section; a taken identifier is a 403, as in Ibexa. */
const createSection: RestHandler = async (context) => {
  const { data } = await context.input(['SectionInput']);
  const struct = parseSectionInput(data);
  const section = await forbidOn(['InvalidArgument'], () => context.repository.sectionService.createSection(struct));
  return sectionResult(context, section.id, { status: 201, location: context.hrefs.section(section.id) });
};

/**
 * PATCH /content/sections/{id} (SectionInput, both members required) → 200 Section with its new ETag; 403 as for a
 * create; If-Match guards it.
 */
const updateSection: RestHandler = async (context) => {
  const { data } = await context.input(['SectionInput']);
  const struct = parseSectionInput(data);
  await forbidOn(['InvalidArgument'], () => context.repository.sectionService.updateSection(sectionId(context), struct));
  return sectionResult(context, sectionId(context));
};

/** DELETE /content/sections/{id} → 204; a section in use is a 409 (BadState); If-Match guards it. */
const deleteSection: RestHandler = async (context) => {
  await context.repository.sectionService.deleteSection(sectionId(context));
  return { kind: 'empty', status: 204 };
};

const loadLanguages: RestHandler = async (context) => resource(languageListNode(await context.repository.languageService.loadLanguages(), context.visit));

const languageCode = (context: RestContext): string => context.params['languageCode'] ?? '';

const loadLanguage: RestHandler = async (context) =>
  resource(languageNode(await context.repository.languageService.loadLanguage(languageCode(context)), context.visit));

/**
 * POST /languages (LanguageCreate) → 201 Language with its Location. An extension: Ibexa 4.6's REST API only reads
 * languages. Needs `content/translations`, as Ibexa's LanguageService (else 401); a taken code is a 406, as
 * Ibexa's InvalidArgumentException; a malformed body or code a 400/406.
 */
const createLanguage: RestHandler = async (context) => {
  const { data } = await context.input(['LanguageCreate']);
  const language = await context.repository.languageService.createLanguage(parseLanguageCreate(data));
  return resource(languageNode(language, context.visit), { status: 201, location: context.hrefs.language(language.languageCode) });
};

/** PATCH /languages/{code} (LanguageUpdate: `name`, `enabled`) → 200 Language. Extension, as the create. */
const updateLanguage: RestHandler = async (context) => {
  const { data } = await context.input(['LanguageUpdate']);
  const change = parseLanguageUpdate(data);
  const { languageService } = context.repository;
  let language = await languageService.loadLanguage(languageCode(context));
  if (change.name !== undefined) language = await languageService.updateLanguageName(language, change.name);
  if (change.enabled !== undefined) language = await (change.enabled ? languageService.enableLanguage(language) : languageService.disableLanguage(language));
  return resource(languageNode(language, context.visit));
};

/** DELETE /languages/{code} → 204; a language in use is a 406 (Ibexa's InvalidArgumentException). Extension. */
const deleteLanguage: RestHandler = async (context) => {
  const { languageService } = context.repository;
  await languageService.deleteLanguage(await languageService.loadLanguage(languageCode(context)));
  return { kind: 'empty', status: 204 };
};

/** Sections and languages (`/content/sections…`, `/languages…`). */
export const referenceDataRoutes: readonly RestRoute[] = [
  { path: '/content/sections', methods: [['GET', loadSections], ['POST', createSection]] },
  {
    path: '/content/sections/{sectionId:id}',
    methods: [['GET', loadSection], ['PATCH', updateSection], ['DELETE', deleteSection]],
    aggregate: sectionAggregate,
  },
  { path: '/languages', methods: [['GET', loadLanguages], ['POST', createLanguage]] },
  { path: '/languages/{languageCode:languageCode}', methods: [['GET', loadLanguage], ['PATCH', updateLanguage], ['DELETE', deleteLanguage]] },
];
