import { InvalidArgumentError, type UserAccount, type UserHandler } from '@contentrepo/core';
import { chunks } from '../db/batches.js';
import { placeholders, sql } from '../db/statement.js';
import type { SqlContext } from '../db/sql-context.js';
import { convertUniqueViolation } from '../db/unique-violation.js';
import { toUserAccount } from '../mappers/user-value-rows.js';
import { userAccountRow } from '../mappers/row-encoders.js';
import { TABLES } from '../schema/index.js';

const { userAccount, session } = TABLES;
/** The proposed row of an upsert. */
const excluded = userAccount.$as('excluded');
const ACCOUNT_KEYS = ['contentId', 'login', 'email', 'passwordHash', 'enabled', 'maxLogin', 'passwordUpdatedAt'] as const;
const ACCOUNT = `SELECT ${userAccount.$list(ACCOUNT_KEYS)} FROM ${userAccount}`;
const ACCOUNT_BY_CONTENT_ID = sql<[contentId: number]>(`${ACCOUNT} WHERE ${userAccount.contentId} = ?`);
const ACCOUNT_BY_LOGIN = sql<[login: string]>(`${ACCOUNT} WHERE lower(${userAccount.login}) = lower(?)`);
const UPSERT_ACCOUNT = sql(
  `INSERT INTO ${userAccount} (${userAccount.$list(ACCOUNT_KEYS)}) VALUES (${placeholders(ACCOUNT_KEYS.length)}) ` +
    `ON CONFLICT (${userAccount.contentId}) DO UPDATE SET ` +
    ACCOUNT_KEYS.filter((key) => key !== 'contentId')
      .map((key) => `${userAccount[key]} = ${excluded[key]}`)
      .join(', '),
);

const DELETE_SESSIONS_OF_USER = sql<[userId: number]>(`DELETE FROM ${session} WHERE ${session.userId} = ?`);

/**
 * UserHandler on `user_account`. Logins are unique and looked up case-insensitively (`lower(login)`, backed by
 * the unique expression index); emails are compared exactly. Unknown ids give null. Ending a user's access ends
 * their login sessions in the same write: disabling the account, changing its password or deleting it deletes the
 * user's rows of the `session` table (every node drops them from its cache on the user's content change, which
 * such a write announces).
 */
export class SqlUserHandler implements UserHandler {
  constructor(private readonly ctx: SqlContext) {}

  async loadAccount(contentId: number): Promise<UserAccount | null> {
    const row = await this.ctx.one(ACCOUNT_BY_CONTENT_ID, [contentId]);
    return row && toUserAccount(row);
  }

  /** Accounts of the found content ids, by content id (one query per batch of ids). */
  async loadAccounts(contentIds: readonly number[]): Promise<readonly UserAccount[]> {
    const result: UserAccount[] = [];
    for (const ids of chunks([...new Set(contentIds)])) {
      const rows = await this.ctx.rows(this.ctx.kx(userAccount.$name).select('*').whereIn(userAccount.contentId, ids));
      result.push(...rows.map(toUserAccount));
    }
    return result.sort((a, b) => a.contentId - b.contentId);
  }

  async loadAccountByLogin(login: string): Promise<UserAccount | null> {
    const row = await this.ctx.one(ACCOUNT_BY_LOGIN, [login]);
    return row && toUserAccount(row);
  }

  /** Accounts with exactly this email, by content id. */
  async loadAccountsByEmail(email: string): Promise<readonly UserAccount[]> {
    const rows = await this.ctx.rows(
      this.ctx.kx(userAccount.$name).select('*').where(userAccount.email, email).orderBy(userAccount.contentId),
    );
    return rows.map(toUserAccount);
  }

  /**
   * Inserts or replaces the account of `account.contentId` (one `INSERT … ON CONFLICT (content_id) DO UPDATE`);
   * when it disables an existing account or changes its password, the user's sessions are deleted too.
   * @throws InvalidArgumentError when the login (case-insensitively) belongs to another content id.
   */
  async upsertAccount(account: UserAccount): Promise<void> {
    const previous = await this.loadAccount(account.contentId);
    const row = userAccountRow(account);
    await convertUniqueViolation(
      this.ctx,
      () => this.ctx.write(UPSERT_ACCOUNT, ACCOUNT_KEYS.map((key) => row[key] ?? null)),
      () => new InvalidArgumentError('login', `The login '${account.login}' is already taken`),
    );
    if (previous && (!account.enabled || previous.passwordHash !== account.passwordHash)) {
      await this.ctx.write(DELETE_SESSIONS_OF_USER, [account.contentId]);
    }
  }

  /** Deletes the account and the user's sessions. */
  async deleteAccount(contentId: number): Promise<void> {
    await this.ctx.atomic(async (tx) => {
      await tx.write(DELETE_SESSIONS_OF_USER, [contentId]);
      await tx.exec(tx.kx(userAccount.$name).where(userAccount.contentId, contentId).delete());
    });
  }
}
