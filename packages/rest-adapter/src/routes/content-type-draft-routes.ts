import type { ContentType, FieldDefinition } from '@contentrepo/core';
import type { RestContext, RestHandler, RestResult } from '../http/rest-context.js';
import { RestNotFoundError } from '../http/rest-errors.js';
import { parseContentTypeUpdate, parseFieldDefinitionCreate, parseFieldDefinitionUpdate } from '../input/parsers/content-type-parser.js';
import { fieldDefinitionListNode, fieldDefinitionNode } from '../output/visitors/content-type-visitor.js';
import { contentTypeAggregate, draftResult, typeResult, typeWrite } from './content-type-write-routes.js';
import { intParam, resource, tagged } from './route-support.js';

const typeId = (context: RestContext): number => intParam(context, 'contentTypeId');
const definitionId = (context: RestContext): number => intParam(context, 'fieldDefinitionId');

const definitionOf = (draft: ContentType, id: number): FieldDefinition => {
  const definition = draft.fieldDefinitions.find((candidate) => candidate.id === id);
  if (!definition) throw new RestNotFoundError(`Could not find 'FieldDefinition' with identifier '${id}'`);
  return definition;
};

/** A draft's FieldDefinition, loaded afresh and tagged with the type's revision. @throws RestNotFoundError */
const definitionResult = (context: RestContext, definitionId: number, status = 200): Promise<RestResult> =>
  tagged(context, contentTypeAggregate(context), async () => {
    const draft = await context.repository.contentTypeService.loadContentTypeDraft(typeId(context));
    const definition = definitionOf(draft, definitionId);
    return resource(fieldDefinitionNode(draft, definition, context.visit), {
      status,
      acceptPatch: 'FieldDefinitionUpdate',
      ...(status === 201 ? { location: context.hrefs.fieldDefinition(draft.id, definition.id, true) } : {}),
    });
  });

/** GET /content/types/{id}/draft → ContentType (status DRAFT, hrefs under /draft) with the type's ETag. */
export const loadDraft: RestHandler = (context) => draftResult(context, typeId(context), true);

/**
 * PATCH /content/types/{id}/draft (ContentTypeUpdate) → 200 ContentTypeInfo with the new ETag; 403 for a taken
 * identifier/remoteId; If-Match guards it.
 */
export const updateDraft: RestHandler = async (context) => {
  const { data } = await context.input(['ContentTypeUpdate']);
  const struct = parseContentTypeUpdate(data, context.hrefs.prefix);
  await typeWrite(['InvalidArgument'], () => context.repository.contentTypeService.updateContentTypeDraft(typeId(context), struct));
  return draftResult(context, typeId(context), false);
};

/** DELETE /content/types/{id}/draft → 204; If-Match guards it. */
export const deleteDraft: RestHandler = async (context) => {
  await context.repository.contentTypeService.deleteContentTypeDraft(typeId(context));
  return { kind: 'empty', status: 204 };
};

/**
 * PUBLISH /content/types/{id}/draft (or POST with PublishContentTypeInput) → **200** with the published
 * ContentType and its new ETag (Ibexa 4.6; a content version publish is a 204); 403 when the draft has no field
 * definitions; If-Match guards it.
 */
export const publishDraft: RestHandler = async (context) => {
  await typeWrite(['BadState'], () => context.repository.contentTypeService.publishContentTypeDraft(typeId(context)));
  return typeResult(context, typeId(context));
};

/** GET /content/types/{id}/draft/fieldDefinitions → FieldDefinitionList of the draft. */
export const loadDraftFieldDefinitions: RestHandler = async (context) =>
  resource(fieldDefinitionListNode(await context.repository.contentTypeService.loadContentTypeDraft(typeId(context)), context.visit));

/**
 * POST /content/types/{id}/draft/fieldDefinitions (FieldDefinitionCreate) → 201 FieldDefinition with its Location;
 * 400 for an invalid definition, 403 for a taken identifier or a singular field type twice.
 */
export const addFieldDefinition: RestHandler = async (context) => {
  const { data } = await context.input(['FieldDefinitionCreate']);
  const struct = parseFieldDefinitionCreate(data);
  const draft = await typeWrite(['InvalidArgument', 'BadState'], () => context.repository.contentTypeService.addFieldDefinition(typeId(context), struct));
  const added = draft.fieldDefinitions.find((definition) => definition.identifier === struct.identifier);
  if (!added) throw new Error(`The added field definition '${struct.identifier}' is missing from the draft`);
  return definitionResult(context, added.id, 201);
};

/** GET /content/types/{id}/draft/fieldDefinitions/{fid} → FieldDefinition with the type's ETag. */
export const loadDraftFieldDefinition: RestHandler = (context) => definitionResult(context, definitionId(context));

/** PATCH /content/types/{id}/draft/fieldDefinitions/{fid} (FieldDefinitionUpdate) → 200 FieldDefinition; If-Match guards it. */
export const updateFieldDefinition: RestHandler = async (context) => {
  const { data } = await context.input(['FieldDefinitionUpdate']);
  const struct = parseFieldDefinitionUpdate(data);
  const id = definitionId(context);
  const { contentTypeService } = context.repository;
  definitionOf(await contentTypeService.loadContentTypeDraft(typeId(context)), id);
  await typeWrite(['InvalidArgument', 'BadState'], () => contentTypeService.updateFieldDefinition(typeId(context), id, struct));
  return definitionResult(context, id);
};

/** DELETE /content/types/{id}/draft/fieldDefinitions/{fid} → 204. */
export const removeFieldDefinition: RestHandler = async (context) => {
  const id = definitionId(context);
  const { contentTypeService } = context.repository;
  definitionOf(await contentTypeService.loadContentTypeDraft(typeId(context)), id);
  await typeWrite(['InvalidArgument', 'BadState'], () => contentTypeService.removeFieldDefinition(typeId(context), id));
  return { kind: 'empty', status: 204 };
};
