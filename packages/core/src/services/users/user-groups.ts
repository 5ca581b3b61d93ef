import type { UserGroupCreateStruct, UserGroupUpdateStruct } from '../../api/structs/user-structs.js';
import type { UserGroup } from '../../api/values/user.js';
import { BadStateError, NotFoundError } from '../../errors/repository-error.js';
import type { ServiceContext } from '../service-context.js';
import { createAndPublishContent } from '../content/create-content.js';
import { deleteContent } from '../content/delete-content.js';
import { moveSubtree } from '../locations/tree-operations.js';
import { DEFAULT_LIST_LIMIT, findReadableLocations } from './user-group-children.js';
import {
  groupAt,
  isUserGroup,
  permissionsChanged,
  requireGroup,
  userContentTypeIds,
  userGroupContentTypeIds,
  USER_GROUP_TYPE_IDENTIFIER,
} from './user-support.js';
import { updateThroughNewVersion } from './versioned-update.js';

/** `loadUserGroupByRemoteId`: @throws NotFoundError; UnauthorizedError without `content/read`. */
export async function loadUserGroupByRemoteId(context: ServiceContext, remoteId: string): Promise<UserGroup> {
  const contentInfo = await context.persistence.contentHandler.loadContentInfoByRemoteId(remoteId);
  if (!contentInfo || !(await isUserGroup(context, contentInfo))) throw new NotFoundError('UserGroup', remoteId);
  return (await requireGroup(context, contentInfo.id)).group;
}

/** Readable groups directly below a group's main location (Ibexa `loadSubUserGroups`). */
export async function loadSubUserGroups(
  context: ServiceContext,
  groupId: number,
  offset = 0,
  limit = DEFAULT_LIST_LIMIT,
): Promise<UserGroup[]> {
  const { mainLocation } = await requireGroup(context, groupId);
  const locations = await findReadableLocations(
    context,
    {
      type: 'LogicalAnd',
      criteria: [
        { type: 'ParentLocationId', values: [mainLocation.id] },
        { type: 'ContentTypeId', values: await userGroupContentTypeIds(context) },
      ],
    },
    { offset, limit, parent: mainLocation },
  );
  return Promise.all(locations.map((location) => groupAt(context, location)));
}

/**
 * Creates and publishes a user group below the main location of `parentGroupId` (Ibexa `createUserGroup`), with
 * the `user_group` content type unless the struct names another. One transaction.
 * @throws NotFoundError unknown parent group; UnauthorizedError without `content/create`/`content/publish` there;
 *   ContentValidationError / ContentFieldValidationError for bad fields.
 */
export async function createUserGroup(context: ServiceContext, struct: UserGroupCreateStruct, parentGroupId: number): Promise<UserGroup> {
  const parent = await requireGroup(context, parentGroupId);
  let contentTypeId = struct.contentTypeId;
  if (contentTypeId === undefined) {
    const type = await context.persistence.contentTypeHandler.loadByIdentifier(USER_GROUP_TYPE_IDENTIFIER);
    if (!type) throw NotFoundError.contentType(USER_GROUP_TYPE_IDENTIFIER);
    contentTypeId = type.id;
  }
  const created = await createAndPublishContent(
    context,
    {
      contentTypeId,
      mainLanguageCode: struct.mainLanguageCode,
      fields: struct.fields,
      ...(struct.sectionId === undefined ? {} : { sectionId: struct.sectionId }),
      ...(struct.remoteId === undefined ? {} : { remoteId: struct.remoteId }),
      ...(struct.ownerId === undefined ? {} : { ownerId: struct.ownerId }),
      ...(struct.alwaysAvailable === undefined ? {} : { alwaysAvailable: struct.alwaysAvailable }),
    },
    [{ parentLocationId: parent.mainLocation.id }],
  );
  return (await requireGroup(context, created.contentInfo.id, false)).group;
}

/**
 * Updates a group's fields (new published version) and metadata (Ibexa `updateUserGroup`). One transaction, under
 * the group's lock (`updateThroughNewVersion`).
 */
export async function updateUserGroup(context: ServiceContext, groupId: number, struct: UserGroupUpdateStruct): Promise<UserGroup> {
  await requireGroup(context, groupId);
  await updateThroughNewVersion(context, groupId, struct);
  return (await requireGroup(context, groupId, false)).group;
}

/**
 * Deletes a group with its subgroups (Ibexa `deleteUserGroup`; `content/remove`). A group holding users, directly
 * or in a subgroup, is refused (REST 403 on `DELETE /user/groups/{path}`, as in Ibexa).
 * @throws BadStateError `userGroup.notEmpty`.
 */
export async function deleteUserGroup(context: ServiceContext, groupId: number): Promise<void> {
  await requireGroup(context, groupId);
  const locations = await context.persistence.locationHandler.loadByContent(groupId);
  const users = await context.persistence.searchHandler.findLocations({
    criterion: {
      type: 'LogicalAnd',
      criteria: [
        { type: 'Subtree', values: locations.map((location) => location.pathString) },
        { type: 'ContentTypeId', values: await userContentTypeIds(context) },
      ],
    },
    sortClauses: [],
    offset: 0,
    limit: 0,
    languageFilter: {},
  });
  if ((users.totalCount ?? 0) > 0) {
    throw new BadStateError('$userGroup', `The user group ${groupId} still contains users`, 'userGroup.notEmpty');
  }
  await deleteContent(context, groupId);
  permissionsChanged(context);
}

/**
 * Moves a group below another group (Ibexa `moveUserGroup`: its main location subtree moves). Users below it
 * inherit other roles: every cached role set is dropped.
 * @throws NotFoundError unknown group or target (REST: 404 for the moved group, 403 for a missing destination, as
 *   Ibexa's user-group move converts it);
 *   InvalidArgumentError into its own subtree or onto its current parent; UnauthorizedError.
 */
export async function moveUserGroup(context: ServiceContext, groupId: number, newParentGroupId: number): Promise<void> {
  const { mainLocation } = await requireGroup(context, groupId);
  const target = await requireGroup(context, newParentGroupId);
  await moveSubtree(context, mainLocation.id, target.mainLocation.id);
  permissionsChanged(context);
}
