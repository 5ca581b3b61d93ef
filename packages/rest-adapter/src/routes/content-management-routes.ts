import type { RestContext, RestHandler, RestRoute } from '../http/rest-context.js';
import { ForbiddenError, RestNotFoundError } from '../http/rest-errors.js';
import { forbidOn } from '../error-response.js';
import { parseRelationCreate } from '../input/parsers/management-parser.js';
import { relationNode } from '../output/visitors/content-visitor.js';
import { contentAggregate, intParam, resource } from './route-support.js';

const contentId = (context: RestContext): number => intParam(context, 'contentId');
const versionNo = (context: RestContext): number => intParam(context, 'versionNo');
const languageCode = (context: RestContext): string => context.params['languageCode'] ?? '';

/** The version of the path; 403 unless it is a draft (Ibexa's controllers check this before the repository). */
async function draftOfPath(context: RestContext, message: string): Promise<void> {
  const version = await context.repository.contentService.loadVersionInfo(contentId(context), versionNo(context));
  if (version.status !== 'DRAFT') throw new ForbiddenError(message);
}

/**
 * POST …/versions/{no}/relations (RelationCreate) → 201 Relation: 403 when the version is not
 * a draft, the destination does not exist, or the draft already has a COMMON relation to it.
 */
export const createRelation: RestHandler = async (context) => {
  const { data } = await context.input(['RelationCreate']);
  const destinationId = parseRelationCreate(data, context.hrefs.prefix);
  await draftOfPath(context, 'Relation of type COMMON can only be added to drafts');
  const relation = await forbidOn(['NotFound', 'BadState', 'InvalidArgument'], () =>
    context.repository.contentService.addRelation(contentId(context), versionNo(context), destinationId),
  );
  return resource(relationNode(relation, context.visit), {
    status: 201,
    location: context.hrefs.relation(relation.sourceContentId, relation.sourceVersionNo, relation.id),
  });
};

/** DELETE …/relations/{relationId} → 204: 404 unknown relation, 403 when not COMMON or not a draft. */
export const deleteRelation: RestHandler = async (context) => {
  const { contentService } = context.repository;
  const relationId = intParam(context, 'relationId');
  const versionInfo = await contentService.loadVersionInfo(contentId(context), versionNo(context));
  const relation = (await contentService.loadRelations(versionInfo)).find((candidate) => candidate.id === relationId);
  if (!relation) throw new RestNotFoundError(`Could not find 'Relation' with identifier '${relationId}'`);
  if (relation.type !== 'COMMON') throw new ForbiddenError('Relation is not of type COMMON');
  if (versionInfo.status !== 'DRAFT') throw new ForbiddenError('Relation of type COMMON can only be removed from drafts');
  await contentService.deleteRelation(relation.sourceContentId, relation.sourceVersionNo, relation.destinationContentId);
  return { kind: 'empty', status: 204 };
};

/** DELETE /content/objects/{id}/translations/{lang} → 204: 406 unknown translation, 409 the main one. */
const deleteTranslation: RestHandler = async (context) => {
  await context.repository.contentService.deleteTranslation(contentId(context), languageCode(context));
  return { kind: 'empty', status: 204 };
};

/** DELETE …/versions/{no}/translations/{lang} → 204: 403 not a draft, 406 unknown, 409 main/only translation. */
const deleteTranslationFromDraft: RestHandler = async (context) => {
  await draftOfPath(context, 'Only versions with DRAFT status can have translations removed');
  await context.repository.contentService.deleteTranslationFromDraft(contentId(context), versionNo(context), languageCode(context));
  return { kind: 'empty', status: 204 };
};

/** POST /content/objects/{id}/hide → 204. */
const hideContent: RestHandler = async (context) => {
  await context.repository.contentService.hideContent(contentId(context));
  return { kind: 'empty', status: 204 };
};

/** POST /content/objects/{id}/reveal → 204. */
const revealContent: RestHandler = async (context) => {
  await context.repository.contentService.revealContent(contentId(context));
  return { kind: 'empty', status: 204 };
};

/**
 * Translation deletion and content visibility routes (`…/translations/{lang}`, `/hide`, `/reveal`): writes of the
 * item, guarded by its ETag (`If-Match`).
 */
export const contentManagementRoutes: readonly RestRoute[] = [
  { path: '/content/objects/{contentId:id}/translations/{languageCode:languageCode}', methods: [['DELETE', deleteTranslation]], aggregate: contentAggregate },
  {
    path: '/content/objects/{contentId:id}/versions/{versionNo:id}/translations/{languageCode:languageCode}',
    methods: [['DELETE', deleteTranslationFromDraft]],
    aggregate: contentAggregate,
  },
  { path: '/content/objects/{contentId:id}/hide', methods: [['POST', hideContent]], aggregate: contentAggregate },
  { path: '/content/objects/{contentId:id}/reveal', methods: [['POST', revealContent]], aggregate: contentAggregate },
];
