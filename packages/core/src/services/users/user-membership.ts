import type { User, UserGroup } from '../../api/values/user.js';
import { BadStateError, InvalidArgumentError } from '../../errors/repository-error.js';
import type { ServiceContext } from '../service-context.js';
import { contentTarget } from '../content/content-writes-support.js';
import { recordEvent } from '../events/record-event.js';
import { underLock } from '../in-transaction.js';
import { createLocationService } from '../locations/create-location-service.js';
import { DEFAULT_LIST_LIMIT, findReadableLocations } from './user-group-children.js';
import { groupAt, permissionsChanged, requireGroup, requireUser, toUser, userContentTypeIds, userGroupContentTypeIds } from './user-support.js';

/**
 * Puts a user into a group (Ibexa `assignUserToUserGroup`): a new location of the user below the group's main
 * location (`content/manage_locations` and `content/create` there). Under the user's lock, so that the user's
 * groups are read as committed. Cached role sets are dropped.
 * @throws InvalidArgumentError when the user is already in the group (REST 406 on `POST /user/users/{id}/groups`).
 */
export async function assignUserToUserGroup(context: ServiceContext, userId: number, groupId: number): Promise<void> {
  await underLock(context, [contentTarget(userId)], async (tx) => {
    await requireUser(tx, userId);
    const { mainLocation } = await requireGroup(tx, groupId);
    const locations = await tx.persistence.locationHandler.loadByContent(userId);
    if (locations.some((location) => location.parentLocationId === mainLocation.id)) {
      throw new InvalidArgumentError('$userGroup', 'User is already in the given User Group');
    }
    await createLocationService(tx).createLocation(userId, { parentLocationId: mainLocation.id });
    await recordEvent(tx, 'user.assigned_to_group', { userId, userGroupId: groupId });
  });
  permissionsChanged(context);
}

/**
 * Takes a user out of a group (Ibexa `unAssignUserFromUserGroup`): its location below the group's main location
 * is deleted (`content/manage_locations` and `content/remove`). Under the user's lock, so that two removals never
 * both leave the user without a group. Cached role sets are dropped.
 * @throws InvalidArgumentError when the user is not in the group; BadStateError `user.lastGroup` when it is the
 *   user's only location (both REST 403 on `DELETE /user/users/{id}/groups/{groupLocationId}`).
 */
export async function unAssignUserFromUserGroup(context: ServiceContext, userId: number, groupId: number): Promise<void> {
  await underLock(context, [contentTarget(userId)], async (tx) => {
    await requireUser(tx, userId);
    const { mainLocation } = await requireGroup(tx, groupId);
    const locations = await tx.persistence.locationHandler.loadByContent(userId);
    const inGroup = locations.find((location) => location.parentLocationId === mainLocation.id);
    if (!inGroup) throw new InvalidArgumentError('$userGroup', 'User is not in the given User Group');
    if (locations.length === 1) {
      throw new BadStateError('$user', 'User only has one User Group, cannot unassign from last group', 'user.lastGroup');
    }
    await createLocationService(tx).deleteLocation(inGroup.id);
    await recordEvent(tx, 'user.unassigned_from_group', { userId, userGroupId: groupId });
  });
  permissionsChanged(context);
}

/** Readable groups the user is directly in: the contents above its locations (Ibexa `loadUserGroupsOfUser`). */
export async function loadUserGroupsOfUser(
  context: ServiceContext,
  userId: number,
  offset = 0,
  limit = DEFAULT_LIST_LIMIT,
): Promise<UserGroup[]> {
  await requireUser(context, userId);
  const parents = (await context.persistence.locationHandler.loadByContent(userId)).map((location) => location.parentLocationId);
  const locations = await findReadableLocations(
    context,
    {
      type: 'LogicalAnd',
      criteria: [
        { type: 'LocationId', values: parents },
        { type: 'ContentTypeId', values: await userGroupContentTypeIds(context) },
      ],
    },
    { offset, limit },
  );
  return Promise.all(locations.map((location) => groupAt(context, location)));
}

/** Readable users directly in a group (below any of its locations), in the main location's order. */
export async function loadUsersOfUserGroup(
  context: ServiceContext,
  groupId: number,
  offset = 0,
  limit = DEFAULT_LIST_LIMIT,
): Promise<User[]> {
  const { mainLocation } = await requireGroup(context, groupId);
  const groupLocations = await context.persistence.locationHandler.loadByContent(groupId);
  const locations = await findReadableLocations(
    context,
    {
      type: 'LogicalAnd',
      criteria: [
        { type: 'ParentLocationId', values: groupLocations.map((location) => location.id) },
        { type: 'ContentTypeId', values: await userContentTypeIds(context) },
      ],
    },
    { offset, limit, parent: mainLocation },
  );
  const accounts = new Map(
    (await context.persistence.userHandler.loadAccounts(locations.map((location) => location.contentId))).map((account) => [account.contentId, account]),
  );
  const users: User[] = [];
  const seen = new Set<number>();
  for (const location of locations) {
    const account = accounts.get(location.contentId);
    if (!account || seen.has(location.contentId)) continue;
    seen.add(location.contentId);
    users.push(toUser(account, location.contentInfo));
  }
  return users;
}
