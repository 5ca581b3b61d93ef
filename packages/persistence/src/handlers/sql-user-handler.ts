import { InvalidArgumentError, type UserAccount, type UserHandler } from '@contentrepo/core';
import { PreparedQuery } from '../db/prepared-query.js';
import type { SqlContext } from '../db/sql-context.js';
import { convertUniqueViolation } from '../db/unique-violation.js';
import { toUserAccount } from '../mappers/user-values.js';
import { userAccountRow } from '../mappers/row-encoders.js';

const ACCOUNT_BY_CONTENT_ID = new PreparedQuery((kx, p) => kx('user_account').select('*').where('content_id', p(0)));
const ACCOUNT_BY_LOGIN = new PreparedQuery((kx, p) =>
  kx('user_account').select('*').whereRaw('lower(login) = lower(?)', [p(0)]),
);

/**
 * UserHandler on `user_account`. Logins are unique and looked up case-insensitively (`lower(login)`, backed by
 * the unique expression index); emails are compared exactly. Unknown ids give null.
 */
export class SqlUserHandler implements UserHandler {
  constructor(private readonly ctx: SqlContext) {}

  async loadAccount(contentId: number): Promise<UserAccount | null> {
    const [row] = await this.ctx.prepared(ACCOUNT_BY_CONTENT_ID, [contentId]);
    return row ? toUserAccount(row) : null;
  }

  async loadAccountByLogin(login: string): Promise<UserAccount | null> {
    const [row] = await this.ctx.prepared(ACCOUNT_BY_LOGIN, [login]);
    return row ? toUserAccount(row) : null;
  }

  /** Accounts with exactly this email, by content id. */
  async loadAccountsByEmail(email: string): Promise<readonly UserAccount[]> {
    const rows = await this.ctx.rows(
      this.ctx.kx('user_account').select('*').where('email', email).orderBy('content_id'),
    );
    return rows.map(toUserAccount);
  }

  /**
   * Inserts or replaces the account of `account.contentId`.
   * @throws InvalidArgumentError when the login (case-insensitively) belongs to another content id.
   */
  async upsertAccount(account: UserAccount): Promise<void> {
    const row = userAccountRow(account);
    await convertUniqueViolation(
      this.ctx,
      async () => {
        await this.ctx.exec(this.ctx.kx('user_account').insert(row).onConflict('content_id').merge());
      },
      () => new InvalidArgumentError('login', `The login '${account.login}' is already taken`),
    );
  }

  async deleteAccount(contentId: number): Promise<void> {
    await this.ctx.exec(this.ctx.kx('user_account').where('content_id', contentId).delete());
  }
}
