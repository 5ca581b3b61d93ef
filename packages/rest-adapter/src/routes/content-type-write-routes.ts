import { ContentTypeValidationError, isRepositoryError, type LockTarget, type RepositoryErrorCode } from '@contentrepo/core';
import type { RestContext, RestHandler, RestResult } from '../http/rest-context.js';
import { BadRequestError, ForbiddenError, RestNotFoundError } from '../http/rest-errors.js';
import { contentTypeCacheTags, contentTypeGroupCacheTags } from '../http/http-cache-headers.js';
import { parseHref } from '../input/href.js';
import { parseContentTypeViewInput } from '../input/parsers/content-type-view-parser.js';
import {
  parseContentTypeCreate,
  parseContentTypeGroupCreate,
  parseContentTypeGroupUpdate,
  parseContentTypeUpdate,
} from '../input/parsers/content-type-parser.js';
import { contentTypeGroupNode, contentTypeGroupRefListNode, contentTypeListNode, contentTypeNode } from '../output/visitors/content-type-visitor.js';
import { afterFirstWrite, intParam, resource, tagged } from './route-support.js';

/**
 * Runs a content type write with the conversions of Ibexa's ContentType controller: a
 * ContentTypeValidationError (Ibexa `ContentTypeValidationException` / `ContentTypeFieldDefinitionValidationException`)
 * becomes 400, the core errors `forbidden` become 403; anything else keeps its status.
 */
export async function typeWrite<T>(forbidden: readonly RepositoryErrorCode[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ContentTypeValidationError) throw new BadRequestError(error.message, error);
    if (isRepositoryError(error) && forbidden.includes(error.code)) throw new ForbiddenError(error.message, error);
    throw error;
  }
}

const typeId = (context: RestContext): number => intParam(context, 'contentTypeId');
const groupId = (context: RestContext): number => intParam(context, 'groupId');

/** The aggregate of `/content/types/{id}…`: the content type, its draft included (one id for both). */
export const contentTypeAggregate = (context: RestContext): LockTarget => ({ kind: 'contentType', id: typeId(context) });

/** The aggregate of `/content/typegroups/{id}`: the group. */
export const contentTypeGroupAggregate = (context: RestContext): LockTarget => ({ kind: 'contentTypeGroup', id: groupId(context) });

/** The published type `id` as a ContentType element, loaded afresh and tagged with the type's revision. */
export const typeResult = (context: RestContext, id: number): Promise<RestResult> =>
  tagged(context, { kind: 'contentType', id }, async () => {
    const type = await context.repository.contentTypeService.loadContentType(id);
    return resource(contentTypeNode(type, true, context.visit), { cacheTags: contentTypeCacheTags(type) });
  });

/**
 * The draft of type `id` as a ContentType (`full`, hrefs under /draft) or ContentTypeInfo element, loaded afresh and
 * tagged with the type's revision.
 */
export const draftResult = (context: RestContext, id: number, full: boolean, options: { status?: number; location?: string } = {}): Promise<RestResult> =>
  tagged(context, { kind: 'contentType', id }, async () =>
    resource(contentTypeNode(await context.repository.contentTypeService.loadContentTypeDraft(id), full, context.visit), {
      acceptPatch: 'ContentTypeUpdate',
      ...options,
    }),
  );

/** A ContentTypeGroup element, loaded afresh and tagged with the group's revision. */
export const groupResult = (context: RestContext, id: number, options: { status?: number; location?: string } = {}): Promise<RestResult> =>
  tagged(context, { kind: 'contentTypeGroup', id }, async () =>
    resource(contentTypeGroupNode(await context.repository.contentTypeService.loadContentTypeGroup(id), context.visit), {
      acceptPatch: 'ContentTypeGroupInput',
      cacheTags: contentTypeGroupCacheTags([id]),
      ...options,
    }),
  );

/** POST /content/typegroups (ContentTypeGroupInput) → 201 ContentTypeGroup; 403 for a taken identifier. */
export const createGroup: RestHandler = async (context) => {
  const { data } = await context.input(['ContentTypeGroupInput']);
  const struct = parseContentTypeGroupCreate(data, context.hrefs.prefix);
  const group = await typeWrite(['InvalidArgument'], () => context.repository.contentTypeService.createContentTypeGroup(struct));
  return groupResult(context, group.id, { status: 201, location: context.hrefs.contentTypeGroup(group.id) });
};

/** PATCH /content/typegroups/{id} → 200 ContentTypeGroup with its new ETag; 403 for a taken identifier; If-Match guards it. */
export const updateGroup: RestHandler = async (context) => {
  const { data } = await context.input(['ContentTypeGroupInput']);
  const struct = parseContentTypeGroupUpdate(data, context.hrefs.prefix);
  await typeWrite(['InvalidArgument'], () => context.repository.contentTypeService.updateContentTypeGroup(groupId(context), struct));
  return groupResult(context, groupId(context));
};

/** DELETE /content/typegroups/{id} → 204; 403 while types are in it; If-Match guards it. */
export const deleteGroup: RestHandler = async (context) => {
  await typeWrite(['BadState'], () => context.repository.contentTypeService.deleteContentTypeGroup(groupId(context)));
  return { kind: 'empty', status: 204 };
};

/**
 * POST /content/typegroups/{id}/types[?publish=true] (ContentTypeCreate) → 201 ContentType with Location of the
 * type, or of its draft without `publish=true`. 400 for validation failures and for an empty
 * FieldDefinitions list with publish=true (checked before anything is written); 403 for a taken
 * identifier/remoteId.
 */
export const createType: RestHandler = async (context) => {
  const group = groupId(context);
  const { contentTypeService } = context.repository;
  await contentTypeService.loadContentTypeGroup(group);
  const publish = context.query.get('publish') === 'true';
  const { data } = await context.input(['ContentTypeCreate']);
  const struct = parseContentTypeCreate(data, context.hrefs.prefix);
  if (publish && struct.fieldDefinitions.length === 0) throw new BadRequestError('ContentType should have at least one field definition to be published.');
  const draft = await typeWrite(['InvalidArgument'], () => contentTypeService.createContentType(struct, [group]));
  const type = publish ? await typeWrite(['BadState'], () => contentTypeService.publishContentTypeDraft(draft.id)) : draft;
  return resource(contentTypeNode(type, true, context.visit), {
    status: 201,
    location: context.hrefs.contentType(type.id, !publish),
    ...(publish ? {} : { acceptPatch: 'ContentTypeUpdate' }),
  });
};

/**
 * POST /content/types/{id} (ContentTypeUpdate) → 201 ContentTypeInfo of a new draft with the update applied (and
 * the type's new ETag), `Location: …/content/types/{id}/draft` (Ibexa 4.6, as the body's `_href`); 403 when a draft
 * exists or the update is refused (the new draft is then removed again). If-Match guards the draft's creation, the
 * first write.
 */
export const createDraftWithUpdate: RestHandler = async (context) => {
  const id = typeId(context);
  const { data } = await context.input(['ContentTypeUpdate']);
  const struct = parseContentTypeUpdate(data, context.hrefs.prefix);
  await typeWrite(['BadState'], () => context.repository.contentTypeService.createContentTypeDraft(id));
  const { contentTypeService } = afterFirstWrite(context);
  try {
    await typeWrite(['InvalidArgument'], () => contentTypeService.updateContentTypeDraft(id, struct));
  } catch (error) {
    await contentTypeService.deleteContentTypeDraft(id);
    throw error;
  }
  return draftResult(context, id, false, { status: 201, location: context.hrefs.contentType(id, true) });
};

/** COPY /content/types/{id} (or POST with CopyContentTypeInput) → 201, Location of the copy; If-Match guards it. */
export const copyType: RestHandler = async (context) => {
  const copy = await context.repository.contentTypeService.copyContentType(typeId(context));
  return { kind: 'empty', status: 201, location: context.hrefs.contentType(copy.id) };
};

/** DELETE /content/types/{id} → 204; 403 while content of the type exists; If-Match guards it. */
export const deleteType: RestHandler = async (context) => {
  await typeWrite(['BadState'], () => context.repository.contentTypeService.deleteContentType(typeId(context)));
  return { kind: 'empty', status: 204 };
};

/**
 * POST /content/types/{id}/groups?group=<ContentTypeGroup href> → 200 ContentTypeGroupRefList (Ibexa's status);
 * 400 for a missing or unparsable href, 403 when already linked.
 */
export const linkGroup: RestHandler = async (context) => {
  const id = typeId(context);
  const href = context.query.get('group');
  if (href === null || href === '') throw new BadRequestError("The 'group' query parameter is required");
  let target: number;
  try {
    target = parseHref(href, context.hrefs.prefix, 'contentTypeGroup');
  } catch (error) {
    throw new BadRequestError(`Invalid 'group' parameter '${href}': expected a content type group href`, error instanceof Error ? error : undefined);
  }
  const { contentTypeService } = context.repository;
  await typeWrite(['InvalidArgument'], () => contentTypeService.assignContentTypeGroup(id, target));
  return resource(contentTypeGroupRefListNode(await contentTypeService.loadContentType(id), context.visit));
};

/** DELETE /content/types/{id}/groups/{gid} → 200 ContentTypeGroupRefList; 404 not linked, 403 for the last group. */
export const unlinkGroup: RestHandler = async (context) => {
  const id = typeId(context);
  const group = groupId(context);
  const { contentTypeService } = context.repository;
  const type = await contentTypeService.loadContentType(id);
  await contentTypeService.loadContentTypeGroup(group);
  if (!type.groupIds.includes(group)) throw new RestNotFoundError('The content type is not in the given group');
  if (type.groupIds.length === 1) throw new ForbiddenError('Cannot delete the last content type group');
  await typeWrite(['BadState', 'InvalidArgument'], () => contentTypeService.unassignContentTypeGroup(id, group));
  return resource(contentTypeGroupRefListNode(await contentTypeService.loadContentType(id), context.visit));
};

/** POST /content/types/view (ContentTypeViewInput, 4.6+) → 200 ContentTypeList of the matching types. */
export const viewTypes: RestHandler = async (context) => {
  const { data } = await context.input(['ContentTypeViewInput']);
  const view = parseContentTypeViewInput(data);
  const result = await context.repository.contentTypeService.findContentTypes(view.query);
  return resource(contentTypeListNode(result.items, true, context.hrefs.path('/content/types/view'), context.visit));
};
