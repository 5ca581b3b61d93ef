/** A user account as persisted (Ibexa `ezuser` row): the account part of a user content item. */
export interface UserAccount {
  readonly contentId: number;
  readonly login: string;
  readonly email: string;
  readonly passwordHash: string;
  readonly enabled: boolean;
  readonly maxLogin: number;
  readonly passwordUpdatedAt: Date | null;
}

/**
 * User accounts (Ibexa `User\Handler`). Logins are unique, case-insensitively.
 * Errors: `upsertAccount` throws InvalidArgumentError when the login is taken by another content id.
 * A persistence that also stores login sessions ends the user's sessions in the same write when `upsertAccount`
 * disables an existing account or changes its password hash, and in `deleteAccount`.
 */
export interface UserHandler {
  loadAccount(contentId: number): Promise<UserAccount | null>;
  /** Accounts of the found content ids, by content id (one query for a page of users). */
  loadAccounts(contentIds: readonly number[]): Promise<readonly UserAccount[]>;
  loadAccountByLogin(login: string): Promise<UserAccount | null>;
  loadAccountsByEmail(email: string): Promise<readonly UserAccount[]>;
  upsertAccount(account: UserAccount): Promise<void>;
  deleteAccount(contentId: number): Promise<void>;
}
