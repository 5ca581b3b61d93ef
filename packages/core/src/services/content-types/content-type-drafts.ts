import { recordEvent } from '../events/record-event.js';
import type {
  ContentTypeUpdateStruct,
  FieldDefinitionCreateStruct,
  FieldDefinitionUpdateStruct,
} from '../../api/structs/content-type-structs.js';
import type { ContentType } from '../../api/values/content-type.js';
import { ContentTypeValidationError } from '../../errors/content-type-validation-error.js';
import { BadStateError, InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { StoredContentType, StoredFieldDefinition } from '../../spi/content-type-handler.js';
import type { PersistenceHandler } from '../../spi/persistence-handler.js';
import type { ServiceContext } from '../service-context.js';
import {
  assertClassPermission,
  assertTypeColumns,
  assertTypeKeysFree,
  loadDefined,
  loadDraft,
  toContentType,
  typeTarget,
  writeTypes,
} from './content-type-writes-support.js';
import { buildFieldDefinition, singularProblem, updateFieldDefinition as applyDefinitionUpdate } from './field-definition-input.js';

/**
 * Creates a draft of a published type (Ibexa `createContentTypeDraft`, `class/create`), modified now by the
 * current user. Locks the type. @throws NotFoundError; BadStateError `contentType.draftExists`; UnauthorizedError
 */
export async function createContentTypeDraft(context: ServiceContext, contentTypeId: number): Promise<ContentType> {
  await assertClassPermission(context, 'create');
  const draft = await writeTypes(context, [typeTarget(contentTypeId)], async (tx) => {
    await loadDefined(tx, contentTypeId);
    if (await tx.persistence.contentTypeHandler.loadDraft(contentTypeId)) {
      throw new BadStateError('$contentType', 'A draft of the content type already exists', 'contentType.draftExists');
    }
    return tx.persistence.contentTypeHandler.createDraftFromDefined(contentTypeId, { modifierId: context.userId, modificationDate: context.clock.now() });
  });
  return toContentType(context, draft);
}

/** The draft of a type as an API value. @throws NotFoundError */
export async function loadContentTypeDraft(context: ServiceContext, contentTypeId: number): Promise<ContentType> {
  return toContentType(context, await loadDraft(context, contentTypeId));
}

/**
 * Updates the columns of a draft (Ibexa `updateContentTypeDraft`, `class/update`); absent members stay, the
 * modification date defaults to now and the modifier to the current user. Locks the type and merges the change
 * into the draft read under the lock, so concurrent updates of different members all stay.
 * @throws NotFoundError no draft or unknown main language; InvalidArgumentError identifier/remoteId taken;
 *   ContentTypeValidationError empty identifier or too long values; UnauthorizedError
 */
export async function updateContentTypeDraft(context: ServiceContext, contentTypeId: number, struct: ContentTypeUpdateStruct): Promise<ContentType> {
  await assertClassPermission(context, 'update');
  const updated = await writeTypes(context, [typeTarget(contentTypeId)], async (tx) => {
    const draft = await loadDraft(tx, contentTypeId);
    await assertTypeColumns(tx, '$contentTypeUpdateStruct', struct);
    await assertTypeKeysFree(tx, '$contentTypeUpdateStruct', struct, contentTypeId);
    const { id: _id, status: _status, groupIds: _groupIds, fieldDefinitions: _definitions, ...columns } = draft;
    const { modificationDate, modifierId, ...changes } = struct;
    return tx.persistence.contentTypeHandler.updateDraft(contentTypeId, {
      ...columns,
      ...definedOnly(changes),
      modificationDate: modificationDate ?? context.clock.now(),
      modifierId: modifierId ?? context.userId,
    });
  });
  return toContentType(context, updated);
}

/**
 * Adds a field definition to a draft (Ibexa `addFieldDefinition`, `class/update`); without a position it goes
 * last. Locks the type. @throws NotFoundError; InvalidArgumentError identifier taken in the type; BadStateError a
 * singular field type twice; ContentTypeValidationError invalid definition; UnauthorizedError
 */
export async function addFieldDefinition(context: ServiceContext, contentTypeId: number, struct: FieldDefinitionCreateStruct): Promise<ContentType> {
  await assertClassPermission(context, 'update');
  return writeDraft(context, contentTypeId, async (tx, draft) => {
    if (draft.fieldDefinitions.some((definition) => definition.identifier === struct.identifier)) {
      throw new InvalidArgumentError('$fieldDefinitionCreateStruct', `Another field definition with identifier '${struct.identifier}' exists in the content type`);
    }
    const lastPosition = Math.max(0, ...draft.fieldDefinitions.map((definition) => definition.position));
    const built = buildFieldDefinition(context.fieldTypes, struct, lastPosition + 1);
    if (!built.ok) throw new ContentTypeValidationError('$fieldDefinitionCreateStruct', [built.failure]);
    const singular = singularProblem(context.fieldTypes, [...draft.fieldDefinitions, built.definition]);
    if (singular !== null) throw new BadStateError('$contentTypeDraft', singular);
    await tx.contentTypeHandler.addFieldDefinition(contentTypeId, built.definition);
  });
}

/**
 * Updates a field definition of a draft (Ibexa `updateFieldDefinition`, `class/update`). Locks the type.
 * @throws NotFoundError no draft or definition; InvalidArgumentError identifier taken; ContentTypeValidationError; UnauthorizedError
 */
export async function updateFieldDefinition(
  context: ServiceContext,
  contentTypeId: number,
  fieldDefinitionId: number,
  struct: FieldDefinitionUpdateStruct,
): Promise<ContentType> {
  await assertClassPermission(context, 'update');
  return writeDraft(context, contentTypeId, async (tx, draft) => {
    const existing = definitionOf(draft, fieldDefinitionId);
    if (struct.identifier !== undefined && draft.fieldDefinitions.some((d) => d.identifier === struct.identifier && d.id !== fieldDefinitionId)) {
      throw new InvalidArgumentError('$fieldDefinitionUpdateStruct', `Another field definition with identifier '${struct.identifier}' exists in the content type`);
    }
    const updated = applyDefinitionUpdate(context.fieldTypes, existing, struct);
    if (!updated.ok) throw new ContentTypeValidationError('$fieldDefinitionUpdateStruct', [updated.failure]);
    await tx.contentTypeHandler.updateFieldDefinition(contentTypeId, updated.definition);
  });
}

/** Removes a field definition from a draft (Ibexa `removeFieldDefinition`, `class/update`). Locks the type. @throws NotFoundError; UnauthorizedError */
export async function removeFieldDefinition(context: ServiceContext, contentTypeId: number, fieldDefinitionId: number): Promise<ContentType> {
  await assertClassPermission(context, 'update');
  return writeDraft(context, contentTypeId, async (tx, draft) => {
    definitionOf(draft, fieldDefinitionId);
    await tx.contentTypeHandler.removeFieldDefinition(contentTypeId, fieldDefinitionId);
  });
}

/** Deletes the draft of a type (Ibexa `deleteContentType` on a draft, `class/delete`). Locks the type. @throws NotFoundError; UnauthorizedError */
export async function deleteContentTypeDraft(context: ServiceContext, contentTypeId: number): Promise<void> {
  await assertClassPermission(context, 'delete');
  await writeTypes(context, [typeTarget(contentTypeId)], async (tx) => {
    await loadDraft(tx, contentTypeId);
    await tx.persistence.contentTypeHandler.deleteDraft(contentTypeId);
  });
}

/**
 * Deletes a published type and its draft (Ibexa `deleteContentType`, `class/delete`). Locks the type.
 * @throws NotFoundError; BadStateError `contentType.hasContent` while content of the type exists; UnauthorizedError
 */
export async function deleteContentType(context: ServiceContext, contentTypeId: number): Promise<void> {
  await assertClassPermission(context, 'delete');
  await writeTypes(context, [typeTarget(contentTypeId)], async (tx) => {
    await loadDefined(tx, contentTypeId);
    if ((await tx.persistence.contentTypeHandler.countContent(contentTypeId)) > 0) {
      throw new BadStateError('$contentType', 'Content of the content type exists', 'contentType.hasContent');
    }
    await tx.persistence.contentTypeHandler.deleteContentType(contentTypeId);
    await recordEvent(tx, 'content_type.deleted', { contentTypeId });
  });
}

/**
 * Changes the field definitions of a draft under the type's lock: `change` gets the draft as read under it; the
 * draft as changed is returned.
 */
async function writeDraft(
  context: ServiceContext,
  contentTypeId: number,
  change: (tx: PersistenceHandler, draft: StoredContentType) => Promise<void>,
): Promise<ContentType> {
  const changed = await writeTypes(context, [typeTarget(contentTypeId)], async (tx) => {
    await change(tx.persistence, await loadDraft(tx, contentTypeId));
    return loadDraft(tx, contentTypeId);
  });
  return toContentType(context, changed);
}

function definitionOf(draft: StoredContentType, fieldDefinitionId: number): StoredFieldDefinition {
  const definition = draft.fieldDefinitions.find((candidate) => candidate.id === fieldDefinitionId);
  if (!definition) throw NotFoundError.fieldDefinition(fieldDefinitionId);
  return definition;
}

/** The members of `struct` that are not undefined (absent members of an update struct stay unchanged). */
function definedOnly<T extends object>(struct: T): Partial<T> {
  return Object.fromEntries(Object.entries(struct).filter(([, value]) => value !== undefined)) as Partial<T>;
}
