import type { ContentInfo } from '../../api/values/content.js';
import type { Location } from '../../api/values/location.js';
import type { User, UserGroup } from '../../api/values/user.js';
import { NotFoundError } from '../../errors/repository-error.js';
import { isUserContentType } from '../../field-types/ezuser/user-content.js';
import type { UserAccount } from '../../spi/user-handler.js';
import type { ServiceContext } from '../service-context.js';
import { assertCanRead, requireContentInfo } from '../content/content-reads.js';
import { loadContentTypeValue } from '../content-types/create-content-type-service.js';

/** Identifier of the content type of user groups (in a clean install `user_group`, id 3). */
export const USER_GROUP_TYPE_IDENTIFIER = 'user_group';
/** Identifier of the default content type of users (in a clean install `user`, id 4). */
export const USER_TYPE_IDENTIFIER = 'user';

/** A User from its account and ContentInfo. */
export function toUser(account: UserAccount, contentInfo: ContentInfo): User {
  return {
    contentInfo,
    login: account.login,
    email: account.email,
    enabled: account.enabled,
    maxLogin: account.maxLogin,
    passwordUpdatedAt: account.passwordUpdatedAt,
  };
}

/**
 * The user `userId` (its account and ContentInfo), checking `content/read` when `checkRead`.
 * @throws NotFoundError when the content has no account; UnauthorizedError.
 */
export async function requireUser(context: ServiceContext, userId: number, checkRead = true): Promise<User> {
  const account = await context.persistence.userHandler.loadAccount(userId);
  if (!account) throw NotFoundError.user(userId);
  const contentInfo = await requireContentInfo(context, userId);
  if (checkRead) await assertCanRead(context, contentInfo);
  return toUser(account, contentInfo);
}

/** A user group with its main location, as the user service works on it. */
export interface LoadedGroup {
  readonly group: UserGroup;
  readonly mainLocation: Location;
}

/** Whether a ContentInfo is a published user group. */
export async function isUserGroup(context: ServiceContext, contentInfo: ContentInfo): Promise<boolean> {
  if (contentInfo.status !== 'PUBLISHED' || contentInfo.mainLocationId === null) return false;
  const type = await loadContentTypeValue(context, contentInfo.contentTypeId).catch(() => null);
  return type?.identifier === USER_GROUP_TYPE_IDENTIFIER;
}

/** The UserGroup value of a group whose main location is `mainLocation`. */
export async function toUserGroup(context: ServiceContext, contentInfo: ContentInfo, mainLocation: Location): Promise<UserGroup> {
  if (mainLocation.depth <= 1) return { contentInfo, parentId: null };
  const parent = await context.persistence.locationHandler.load(mainLocation.parentLocationId);
  return { contentInfo, parentId: parent ? parent.contentId : null };
}

/** The UserGroup of the content at `location` (its main location, or loaded when `location` is another one). */
export async function groupAt(context: ServiceContext, location: Location): Promise<UserGroup> {
  const { contentInfo } = location;
  if (contentInfo.mainLocationId === null || contentInfo.mainLocationId === location.id) return toUserGroup(context, contentInfo, location);
  const main = await context.persistence.locationHandler.load(contentInfo.mainLocationId);
  return toUserGroup(context, contentInfo, main ?? location);
}

/**
 * The user group `groupId` with its main location, checking `content/read` when `checkRead`.
 * @throws NotFoundError when the content does not exist or is not a user group; UnauthorizedError.
 */
export async function requireGroup(context: ServiceContext, groupId: number, checkRead = true): Promise<LoadedGroup> {
  const contentInfo = await context.persistence.contentHandler.loadContentInfo(groupId);
  if (!contentInfo || !(await isUserGroup(context, contentInfo))) throw new NotFoundError('UserGroup', groupId);
  const mainLocation = contentInfo.mainLocationId === null ? null : await context.persistence.locationHandler.load(contentInfo.mainLocationId);
  if (!mainLocation) throw new NotFoundError('UserGroup', groupId);
  if (checkRead) await assertCanRead(context, contentInfo);
  return { group: await toUserGroup(context, contentInfo, mainLocation), mainLocation };
}

/** Ids of the content types whose items are users (those with a user account field). */
export async function userContentTypeIds(context: ServiceContext): Promise<number[]> {
  const types = await context.persistence.contentTypeHandler.loadContentTypes();
  return types.filter(isUserContentType).map((type) => type.id);
}

/** Ids of the user group content types. */
export async function userGroupContentTypeIds(context: ServiceContext): Promise<number[]> {
  const type = await context.persistence.contentTypeHandler.loadByIdentifier(USER_GROUP_TYPE_IDENTIFIER);
  return type ? [type.id] : [];
}

/** Forgets every cached role set: group membership, roles or assignments changed (PermissionCache). */
export function permissionsChanged(context: ServiceContext): void {
  context.permissionCache.invalidate();
}
