import type { ContentType } from '@contentrepo/core';
import type { RestContext, RestHandler, RestRoute } from '../http/rest-context.js';
import { BadRequestError, RestNotFoundError } from '../http/rest-errors.js';
import {
  contentTypeGroupListNode,
  contentTypeGroupRefListNode,
  contentTypeListNode,
  fieldDefinitionListNode,
  fieldDefinitionNode,
} from '../output/visitors/content-type-visitor.js';
import {
  addFieldDefinition,
  deleteDraft,
  loadDraft,
  loadDraftFieldDefinition,
  loadDraftFieldDefinitions,
  publishDraft,
  removeFieldDefinition,
  updateDraft,
  updateFieldDefinition,
} from './content-type-draft-routes.js';
import {
  contentTypeAggregate,
  contentTypeGroupAggregate,
  copyType,
  createDraftWithUpdate,
  createGroup,
  createType,
  deleteGroup,
  deleteType,
  groupResult,
  linkGroup,
  typeResult,
  unlinkGroup,
  updateGroup,
  viewTypes,
} from './content-type-write-routes.js';
import { intParam, intQuery, resource, wantsVariant } from './route-support.js';
import { contentTypeCacheTags, contentTypeGroupCacheTags } from '../http/http-cache-headers.js';

const typeId = (context: RestContext): number => intParam(context, 'contentTypeId');

/** GET /content/typegroups (`?identifier=` → 307). */
const loadGroups: RestHandler = async (context) => {
  const { contentTypeService } = context.repository;
  const identifier = context.query.get('identifier');
  if (identifier !== null) {
    const group = await contentTypeService.loadContentTypeGroupByIdentifier(identifier);
    return { kind: 'redirect', status: 307, location: context.hrefs.contentTypeGroup(group.id) };
  }
  const groups = await contentTypeService.loadContentTypeGroups();
  return resource(contentTypeGroupListNode(groups, context.visit), { cacheTags: contentTypeGroupCacheTags(groups.map((group) => group.id)) });
};

/** GET /content/typegroups/{id} → ContentTypeGroup with its ETag. */
const loadGroup: RestHandler = (context) => groupResult(context, intParam(context, 'groupId'));

/** GET /content/typegroups/{id}/types: ContentTypeInfoList, or ContentTypeList when asked. */
const loadGroupTypes: RestHandler = async (context) => {
  const groupId = intParam(context, 'groupId');
  const types = await context.repository.contentTypeService.loadContentTypes(groupId);
  return resource(contentTypeListNode(types, wantsVariant(context, 'ContentTypeList'), context.hrefs.contentTypeGroupTypes(groupId), context.visit));
};

const ORDER_BY = { name: (type: ContentType) => type.names[type.mainLanguageCode] ?? type.identifier, lastmodified: (type: ContentType) => type.modificationDate.getTime() };

/**
 * GET /content/types: `?identifier=` / `?remoteId=` give a one-element list (404 when unknown);
 * `?orderby=name|lastmodified&sort=asc|desc`, `?offset=&limit=`.
 */
const loadTypes: RestHandler = async (context) => {
  const { contentTypeService } = context.repository;
  const identifier = context.query.get('identifier');
  const remoteId = context.query.get('remoteId');
  let types: readonly ContentType[];
  if (identifier !== null) types = [await contentTypeService.loadContentTypeByIdentifier(identifier)];
  else if (remoteId !== null) types = [await contentTypeService.loadContentTypeByRemoteId(remoteId)];
  else types = await contentTypeService.loadAllContentTypes();

  const orderBy = context.query.get('orderby');
  const sort = (context.query.get('sort') ?? 'asc').toLowerCase();
  if (orderBy !== null && orderBy !== 'name' && orderBy !== 'lastmodified') throw new BadRequestError(`Unknown orderby '${orderBy}': expected name or lastmodified`);
  if (sort !== 'asc' && sort !== 'desc') throw new BadRequestError(`Unknown sort '${sort}': expected asc or desc`);
  if (orderBy !== null) {
    const key = ORDER_BY[orderBy];
    types = [...types].sort((a, b) => {
      const [left, right] = [key(a), key(b)];
      const order = left < right ? -1 : left > right ? 1 : 0;
      return sort === 'asc' ? order : -order;
    });
  }
  const offset = intQuery(context, 'offset', 0);
  const limit = intQuery(context, 'limit', -1);
  if (offset < 0) throw new BadRequestError('offset must not be negative');
  types = types.slice(offset, limit < 0 ? undefined : offset + limit);
  return resource(contentTypeListNode(types, wantsVariant(context, 'ContentTypeList'), context.hrefs.path('/content/types'), context.visit));
};

/** GET /content/types/{id} → ContentType with its ETag (If-None-Match → 304). */
const loadType: RestHandler = (context) => typeResult(context, typeId(context));

const loadFieldDefinitions: RestHandler = async (context) =>
  resource(fieldDefinitionListNode(await context.repository.contentTypeService.loadContentType(typeId(context)), context.visit));

/**
 * GET /content/types/{id}/fieldDefinitions/{fieldDefinitionId} and /content/types/{id}/fieldDefinition/{identifier}
 * → FieldDefinition of the published type. Loaded by identifier, its `_href` is that same path (Ibexa 4.6); unknown
 * definition: 404 "Field definition not found: '<path>'.".
 */
const loadFieldDefinition = (by: 'id' | 'identifier'): RestHandler => async (context) => {
  const type = await context.repository.contentTypeService.loadContentType(typeId(context));
  const key = context.params['fieldDefinition'] ?? '';
  const definition = type.fieldDefinitions.find((candidate) => (by === 'id' ? String(candidate.id) === key : candidate.identifier === key));
  if (!definition) throw new RestNotFoundError(`Field definition not found: '${context.hrefs.path(context.path)}'.`);
  const href = by === 'identifier' ? context.hrefs.path(`/content/types/${type.id}/fieldDefinition/${encodeURIComponent(definition.identifier)}`) : undefined;
  return resource(fieldDefinitionNode(type, definition, context.visit, href));
};

const loadTypeGroups: RestHandler = async (context) => {
  const type = await context.repository.contentTypeService.loadContentType(typeId(context));
  return resource(contentTypeGroupRefListNode(type, context.visit), { cacheTags: [...contentTypeCacheTags(type), ...contentTypeGroupCacheTags(type.groupIds)] });
};

/**
 * Content type, group and field definition routes, with the `Allow` order of Ibexa's OPTIONS answers. A type and its
 * draft share one aggregate (and ETag revision): `If-Match` guards writes of either, and of the draft's field
 * definitions and group links.
 */
export const contentTypeRoutes: readonly RestRoute[] = [
  { path: '/content/typegroups', methods: [['GET', loadGroups], ['POST', createGroup]] },
  {
    path: '/content/typegroups/{groupId:id}',
    methods: [['GET', loadGroup], ['PATCH', updateGroup], ['DELETE', deleteGroup]],
    aggregate: contentTypeGroupAggregate,
  },
  { path: '/content/typegroups/{groupId:id}/types', methods: [['GET', loadGroupTypes], ['POST', createType]] },
  { path: '/content/types', methods: [['GET', loadTypes]] },
  { path: '/content/types/view', methods: [['POST', viewTypes]] },
  {
    path: '/content/types/{contentTypeId:id}',
    methods: [['COPY', copyType], ['GET', loadType], ['POST', createDraftWithUpdate], ['DELETE', deleteType]],
    postByInputType: { CopyContentTypeInput: copyType },
    aggregate: contentTypeAggregate,
  },
  {
    path: '/content/types/{contentTypeId:id}/draft',
    methods: [['DELETE', deleteDraft], ['GET', loadDraft], ['PATCH', updateDraft], ['PUBLISH', publishDraft]],
    postByInputType: { PublishContentTypeInput: publishDraft },
    aggregate: contentTypeAggregate,
  },
  { path: '/content/types/{contentTypeId:id}/fieldDefinitions', methods: [['GET', loadFieldDefinitions]] },
  { path: '/content/types/{contentTypeId:id}/fieldDefinitions/{fieldDefinition:id}', methods: [['GET', loadFieldDefinition('id')]] },
  { path: '/content/types/{contentTypeId:id}/fieldDefinition/{fieldDefinition:identifier}', methods: [['GET', loadFieldDefinition('identifier')]] },
  {
    path: '/content/types/{contentTypeId:id}/draft/fieldDefinitions',
    methods: [['GET', loadDraftFieldDefinitions], ['POST', addFieldDefinition]],
    aggregate: contentTypeAggregate,
  },
  {
    path: '/content/types/{contentTypeId:id}/draft/fieldDefinitions/{fieldDefinitionId:id}',
    methods: [['GET', loadDraftFieldDefinition], ['PATCH', updateFieldDefinition], ['DELETE', removeFieldDefinition]],
    aggregate: contentTypeAggregate,
  },
  { path: '/content/types/{contentTypeId:id}/groups', methods: [['GET', loadTypeGroups], ['POST', linkGroup]], aggregate: contentTypeAggregate },
  { path: '/content/types/{contentTypeId:id}/groups/{groupId:id}', methods: [['DELETE', unlinkGroup]], aggregate: contentTypeAggregate },
];
