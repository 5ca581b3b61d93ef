import { recordEvent } from '../events/record-event.js';
import type { ContentTypeCreateStruct } from '../../api/structs/content-type-structs.js';
import type { ContentType } from '../../api/values/content-type.js';
import type { ContentTypeValidationFailure } from '../../errors/content-type-validation-error.js';
import { InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { StoredFieldDefinition } from '../../spi/content-type-handler.js';
import type { ServiceContext } from '../service-context.js';
import { newRemoteId } from '../ids.js';
import {
  assertClassPermission,
  assertTypeColumns,
  assertTypeKeysFree,
  loadDefined,
  groupTarget,
  toContentType,
  typeTarget,
  writeTypes,
} from './content-type-writes-support.js';
import { buildFieldDefinition, MAX_IDENTIFIER_LENGTH, singularProblem } from './field-definition-input.js';

const ARGUMENT = '$contentTypeCreateStruct';

/**
 * Creates a content type as a DRAFT in `groupIds` (Ibexa `ContentTypeService::createContentType`, `class/create`).
 * Defaults as Ibexa: new remoteId, always available, sort PATH/ASC, not a container, dates now, creator the
 * current user, name schema `<first field identifier>`; field definitions per `buildFieldDefinition`, positions
 * default to their order. Locks the groups (they get a type; checked under the lock, so a concurrent deletion of
 * an empty group either sees the type or is seen) and the new type.
 *
 * @throws InvalidArgumentError no group; identifier or remoteId used by another type (published or draft).
 * @throws ContentTypeValidationError empty identifier, duplicate field identifiers, invalid field definitions.
 * @throws NotFoundError unknown group or main language. @throws UnauthorizedError
 */
export async function createContentType(
  context: ServiceContext,
  struct: ContentTypeCreateStruct,
  groupIds: readonly number[],
): Promise<ContentType> {
  await assertClassPermission(context, 'create');
  if (groupIds.length === 0) throw new InvalidArgumentError('$contentTypeGroups', 'The argument must contain at least one content type group');
  await assertGroupsExist(context, groupIds);
  const failures: ContentTypeValidationFailure[] = [];
  const definitions: Omit<StoredFieldDefinition, 'id'>[] = [];
  const seen = new Set<string>();
  struct.fieldDefinitions.forEach((definitionStruct, index) => {
    if (seen.has(definitionStruct.identifier)) {
      failures.push({
        fieldDefinitionIdentifier: definitionStruct.identifier,
        messages: [`Another field definition with identifier '${definitionStruct.identifier}' exists in the content type`],
      });
      return;
    }
    seen.add(definitionStruct.identifier);
    const built = buildFieldDefinition(context.fieldTypes, definitionStruct, index + 1);
    if (built.ok) definitions.push(built.definition);
    else failures.push(built.failure);
  });
  const singular = singularProblem(context.fieldTypes, definitions);
  if (singular !== null) failures.push({ fieldDefinitionIdentifier: null, messages: [singular] });
  await assertTypeColumns(context, ARGUMENT, struct, failures);
  await assertTypeKeysFree(context, ARGUMENT, struct, null);

  const date = struct.creationDate ?? context.clock.now();
  const userId = struct.creatorId ?? context.userId;
  const firstIdentifier = definitions[0]?.identifier;
  const groups = [...new Set(groupIds)];
  const draft = await writeTypes(context, groups.map(groupTarget), async (tx) => {
    await assertGroupsExist(tx, groups);
    const created = await tx.persistence.contentTypeHandler.createDraft({
      identifier: struct.identifier,
      remoteId: struct.remoteId ?? newRemoteId(),
      names: { ...struct.names },
      descriptions: { ...struct.descriptions },
      creationDate: date,
      modificationDate: date,
      creatorId: userId,
      modifierId: userId,
      urlAliasSchema: struct.urlAliasSchema ?? '',
      nameSchema: struct.nameSchema ?? (firstIdentifier === undefined ? '' : `<${firstIdentifier}>`),
      isContainer: struct.isContainer ?? false,
      mainLanguageCode: struct.mainLanguageCode,
      defaultAlwaysAvailable: struct.defaultAlwaysAvailable ?? true,
      defaultSortField: struct.defaultSortField ?? 'PATH',
      defaultSortOrder: struct.defaultSortOrder ?? 'ASC',
      groupIds: groups,
      fieldDefinitions: definitions,
    });
    await tx.persistence.lock([typeTarget(created.id)]);
    return created;
  });
  return toContentType(context, draft);
}

/**
 * Copies a published type (Ibexa `copyContentType`, `class/create`): a new published type with new ids, a new
 * remoteId, identifier `copy_of_<identifier>_<new id>` (Ibexa Legacy handler), the same groups and field
 * definitions, created and modified now by the current user. Locks the groups (they get a type) and the new type.
 * @throws NotFoundError; UnauthorizedError
 */
export async function copyContentType(context: ServiceContext, contentTypeId: number): Promise<ContentType> {
  await assertClassPermission(context, 'create');
  const { groupIds } = await loadDefined(context, contentTypeId);
  const date = context.clock.now();
  const copy = await writeTypes(context, groupIds.map(groupTarget), async (locked) => {
    const source = await loadDefined(locked, contentTypeId);
    const linkedSince = source.groupIds.filter((groupId) => !groupIds.includes(groupId));
    if (linkedSince.length > 0) await locked.persistence.lock(linkedSince.map(groupTarget));
    const tx = locked.persistence;
    const { id: _id, status: _status, fieldDefinitions, ...columns } = source;
    const draft = await tx.contentTypeHandler.createDraft({
      ...columns,
      identifier: newRemoteId(),
      remoteId: newRemoteId(),
      creationDate: date,
      modificationDate: date,
      creatorId: context.userId,
      modifierId: context.userId,
      fieldDefinitions: fieldDefinitions.map(({ id: _definitionId, ...definition }) => definition),
    });
    await tx.lock([typeTarget(draft.id)]);
    const suffix = `_${draft.id}`;
    const identifier = `copy_of_${source.identifier}`.slice(0, MAX_IDENTIFIER_LENGTH - suffix.length) + suffix;
    const { id: _draftId, status: _draftStatus, groupIds: _groups, fieldDefinitions: _definitions, ...draftColumns } = draft;
    await tx.contentTypeHandler.updateDraft(draft.id, { ...draftColumns, identifier });
    const published = await tx.contentTypeHandler.publishDraft(draft.id);
    await recordEvent(locked, 'content_type.published', { contentTypeId: published.id });
    return published;
  });
  return toContentType(context, copy);
}


/** @throws NotFoundError for the first group that does not exist. */
async function assertGroupsExist(context: ServiceContext, groupIds: readonly number[]): Promise<void> {
  for (const groupId of new Set(groupIds)) {
    if (!(await context.persistence.contentTypeHandler.loadGroup(groupId))) throw NotFoundError.contentTypeGroup(groupId);
  }
}
