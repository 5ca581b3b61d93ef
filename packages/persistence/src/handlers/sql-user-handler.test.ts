import { expect, it } from '@jest/globals';
import type { UserAccount } from '@contentrepo/core';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';

const ADMIN: UserAccount = { contentId: 14, login: 'admin', email: 'admin@example.com', passwordHash: 'hash', enabled: true, maxLogin: 10, passwordUpdatedAt: null };
const LATER = new Date(Date.now() + 3_600_000);

describeOnEachDialect('SqlUserHandler: writes that end access end the sessions', (store) => {
  const open = async (id: string, userId = 14): Promise<void> => {
    await store().sessions.create({ id, userId, csrfToken: 'csrf', createdAt: new Date(), expiresAt: LATER });
  };
  const live = async (...ids: string[]): Promise<string[]> => {
    const found: string[] = [];
    for (const id of ids) if (await store().sessions.load(id)) found.push(id);
    return found;
  };
  const upsert = (account: UserAccount) => store().persistence.transaction((tx) => tx.userHandler.upsertAccount(account));

  it('keeps the sessions when the email changes, deletes them when the password changes or the account is disabled', async () => {
    await open('a');
    await open('other', 10);
    await upsert({ ...ADMIN, email: 'new@example.com' });
    expect(await live('a', 'other')).toEqual(['a', 'other']);
    await upsert({ ...ADMIN, passwordHash: 'another hash' });
    expect(await live('a', 'other')).toEqual(['other']);
    await open('b');
    await upsert({ ...ADMIN, passwordHash: 'another hash', enabled: false });
    expect(await live('b', 'other')).toEqual(['other']);
    await open('c');
    await upsert({ ...ADMIN, passwordHash: 'another hash', enabled: false });
    expect(await live('c')).toEqual([]);
  });

  it('deletes the sessions with the account', async () => {
    await upsert({ ...ADMIN, enabled: true });
    await open('d');
    await store().persistence.transaction((tx) => tx.userHandler.deleteAccount(14));
    expect(await live('d', 'other')).toEqual(['other']);
    expect(await store().persistence.userHandler.loadAccount(14)).toBeNull();
  });
});
