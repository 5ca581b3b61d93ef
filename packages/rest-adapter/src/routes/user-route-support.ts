import { CLEAN_INSTALL_IDS, isRepositoryError, type User, type UserGroup } from '@contentrepo/core';
import type { RestContext } from '../http/rest-context.js';
import { ForbiddenError } from '../http/rest-errors.js';
import type { GroupRef, GroupView } from '../output/visitors/user-group-visitor.js';
import type { UserView } from '../output/visitors/user-visitor.js';
import { currentVersion, intQuery, locationIdParam, readableLocation } from './route-support.js';

/** Location of the root user group (Root's `rootUserGroup` `/user/groups/1/5`; Users in a clean install). */
export const ROOT_USER_GROUP_LOCATION_ID = CLEAN_INSTALL_IDS.usersLocationId;

/** `?offset=` (default 0) and `?limit=` (default `limit`; negative = all) of the user and group list routes. */
export function paging(context: RestContext, limit = 25): { offset: number; limit: number } {
  return { offset: Math.max(0, intQuery(context, 'offset', 0)), limit: intQuery(context, 'limit', limit) };
}

/** A full `User` element's data: the user, its readable main location and its current version. */
export async function userView(context: RestContext, user: User): Promise<UserView> {
  return {
    user,
    mainLocation: await readableLocation(context, user.contentInfo.mainLocationId),
    version: await currentVersion(context, user.contentInfo.id),
  };
}

/** A group with its main location (hrefs are built from its path). */
export async function groupRef(context: RestContext, group: UserGroup): Promise<GroupRef> {
  const mainLocation = await context.repository.locationService.loadLocation(group.contentInfo.mainLocationId ?? 0);
  return { group, mainLocation };
}

/** A full `UserGroup` element's data. */
export async function groupView(context: RestContext, group: UserGroup): Promise<GroupView> {
  return { ...(await groupRef(context, group)), version: await currentVersion(context, group.contentInfo.id) };
}

/**
 * The group of a `groupPath` parameter: its last segment is a location id whose content must be a user group
 * (Ibexa's `groupPath` route parameter). @throws NotFoundError; UnauthorizedError
 */
export async function groupFromPath(context: RestContext, name = 'groupPath'): Promise<GroupRef> {
  const location = await context.repository.locationService.loadLocation(locationIdParam(context, name));
  const group = await context.repository.userService.loadUserGroup(location.contentId);
  return groupRef(context, group);
}

/**
 * Runs `work`, turning NotFound errors of the target into 403, as Ibexa's controllers do for the destination or
 * target of a user-group move and of a user's assignment to a group.
 */
export async function forbidMissingTarget<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isRepositoryError(error) && error.code === 'NotFound') throw new ForbiddenError(error.message, error);
    throw error;
  }
}
