import type { ContentTypeGroupCreateStruct, ContentTypeGroupUpdateStruct } from '../../api/structs/content-type-structs.js';
import type { ContentTypeGroup } from '../../api/values/content-type.js';
import { BadStateError, InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { ServiceContext } from '../service-context.js';
import { assertClassPermission, groupTarget, loadDefined, typeTarget, writeTypes } from './content-type-writes-support.js';

const MAX_GROUP_IDENTIFIER_LENGTH = 255;

async function loadGroup(context: ServiceContext, groupId: number): Promise<ContentTypeGroup> {
  const group = await context.persistence.contentTypeHandler.loadGroup(groupId);
  if (!group) throw NotFoundError.contentTypeGroup(groupId);
  return group;
}

/** @throws InvalidArgumentError for an empty, too long or taken identifier (Ibexa: "A group with the identifier '…' already exists"). */
async function assertGroupIdentifier(context: ServiceContext, argumentName: string, identifier: string, ownId: number | null): Promise<void> {
  if (identifier.trim() === '') throw new InvalidArgumentError(argumentName, 'The identifier must not be empty');
  if (identifier.length > MAX_GROUP_IDENTIFIER_LENGTH) {
    throw new InvalidArgumentError(argumentName, `The identifier must not exceed ${MAX_GROUP_IDENTIFIER_LENGTH} characters`);
  }
  const existing = await context.persistence.contentTypeHandler.loadGroupByIdentifier(identifier);
  if (existing && existing.id !== ownId) throw new InvalidArgumentError(argumentName, `A group with the identifier '${identifier}' already exists`);
}

/**
 * Creates a content type group (Ibexa `createContentTypeGroup`, `class/create`); dates default to now, the
 * creator to the current user. Locks the new group. @throws InvalidArgumentError; UnauthorizedError
 */
export async function createContentTypeGroup(context: ServiceContext, struct: ContentTypeGroupCreateStruct): Promise<ContentTypeGroup> {
  await assertClassPermission(context, 'create');
  await assertGroupIdentifier(context, '$contentTypeGroupCreateStruct', struct.identifier, null);
  const date = struct.creationDate ?? context.clock.now();
  const userId = struct.creatorId ?? context.userId;
  return writeTypes(context, [], async (tx) => {
    const group = await tx.persistence.contentTypeHandler.createGroup({
      identifier: struct.identifier,
      creationDate: date,
      modificationDate: date,
      creatorId: userId,
      modifierId: userId,
      isSystem: false,
    });
    await tx.persistence.lock([groupTarget(group.id)]);
    return group;
  });
}

/**
 * Updates a group (Ibexa `updateContentTypeGroup`, `class/update`); the modification date defaults to now, the
 * modifier to the current user. Locks the group. @throws NotFoundError; InvalidArgumentError; UnauthorizedError
 */
export async function updateContentTypeGroup(
  context: ServiceContext,
  groupId: number,
  struct: ContentTypeGroupUpdateStruct,
): Promise<ContentTypeGroup> {
  await assertClassPermission(context, 'update');
  return writeTypes(context, [groupTarget(groupId)], async (tx) => {
    const group = await loadGroup(tx, groupId);
    if (struct.identifier !== undefined) await assertGroupIdentifier(tx, '$contentTypeGroupUpdateStruct', struct.identifier, groupId);
    return tx.persistence.contentTypeHandler.updateGroup({
      ...group,
      identifier: struct.identifier ?? group.identifier,
      modificationDate: struct.modificationDate ?? context.clock.now(),
      modifierId: struct.modifierId ?? context.userId,
    });
  });
}

/**
 * Deletes an empty group (Ibexa `deleteContentTypeGroup`, `class/delete`). Locks the group: type creations in it
 * lock it too, so the emptiness checked here holds until the deletion commits.
 * @throws NotFoundError; BadStateError `group.notEmpty` while types (published or drafts) are in it; UnauthorizedError
 */
export async function deleteContentTypeGroup(context: ServiceContext, groupId: number): Promise<void> {
  await assertClassPermission(context, 'delete');
  await writeTypes(context, [groupTarget(groupId)], async (tx) => {
    await loadGroup(tx, groupId);
    if ((await tx.persistence.contentTypeHandler.countTypesInGroup(groupId)) > 0) {
      throw new BadStateError('$contentTypeGroup', 'Only empty content type groups can be deleted', 'group.notEmpty');
    }
    await tx.persistence.contentTypeHandler.deleteGroup(groupId);
  });
}

/**
 * Links a published type to a group (Ibexa `assignContentTypeGroup`, `class/update`). Locks the type and the group.
 * @throws NotFoundError; InvalidArgumentError when already linked; UnauthorizedError
 */
export async function assignContentTypeGroup(context: ServiceContext, contentTypeId: number, groupId: number): Promise<void> {
  await assertClassPermission(context, 'update');
  await writeTypes(context, [typeTarget(contentTypeId), groupTarget(groupId)], async (tx) => {
    const type = await loadDefined(tx, contentTypeId);
    await loadGroup(tx, groupId);
    if (type.groupIds.includes(groupId)) {
      throw new InvalidArgumentError('$contentTypeGroup', 'The provided content type is already assigned to the content type group');
    }
    await tx.persistence.contentTypeHandler.linkGroup(contentTypeId, groupId);
  });
}

/**
 * Unlinks a published type from a group (Ibexa `unassignContentTypeGroup`, `class/update`). Locks the type and the group.
 * @throws NotFoundError; InvalidArgumentError when not linked; BadStateError for the last group; UnauthorizedError
 */
export async function unassignContentTypeGroup(context: ServiceContext, contentTypeId: number, groupId: number): Promise<void> {
  await assertClassPermission(context, 'update');
  await writeTypes(context, [typeTarget(contentTypeId), groupTarget(groupId)], async (tx) => {
    const type = await loadDefined(tx, contentTypeId);
    await loadGroup(tx, groupId);
    if (!type.groupIds.includes(groupId)) {
      throw new InvalidArgumentError('$contentTypeGroup', 'The provided content type is not assigned to the content type group');
    }
    if (type.groupIds.length === 1) throw new BadStateError('$contentType', 'The content type group is the last group of the content type');
    await tx.persistence.contentTypeHandler.unlinkGroup(contentTypeId, groupId);
  });
}
