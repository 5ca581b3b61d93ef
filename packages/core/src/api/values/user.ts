import type { ContentInfo } from './content.js';

/**
 * A user: a content item of a user-based type with an account (Ibexa `User`).
 * The password hash never leaves the persistence layer except through `UserHandler.loadCredentials`.
 */
export interface User {
  readonly contentInfo: ContentInfo;
  readonly login: string;
  readonly email: string;
  readonly enabled: boolean;
  readonly maxLogin: number;
  readonly passwordUpdatedAt: Date | null;
}

/**
 * A user group (Ibexa `UserGroup`): a content item of the user group type (`user_group` in a clean install). Its users
 * and subgroups are the content below its locations; `parentId` is the content id of the group above its main location,
 * or null for a top-level group (below the virtual root).
 */
export interface UserGroup {
  readonly contentInfo: ContentInfo;
  readonly parentId: number | null;
}
