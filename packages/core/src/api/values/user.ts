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
