import { expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOrmConfig } from '../orm-config.js';
import { SqlContext } from '../db/sql-context.js';
import { createPersistence } from '../index.js';
import { openOrm } from '../orm.js';
import { describeDialects } from '../test-support/dialect-suite.js';
import { dropTestSchema, whileNoTestSchemaIsDropped } from '../test-support/test-stores.js';

/**
 * Upgrading a database indexed by 0001 (full text in `search_text`): migration 0003 writes the word index from
 * that text — the same words indexing the items again would write — and drops `search_text`; 0013 then turns its
 * postings into one word list per item and language.
 */
describeDialects('migration 0003 on a database of 0001', ({ databaseUrl: url }) => {
  it('moves the full text of 0001 to the word index and drops search_text', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-test-'));
    const schema = url === undefined ? undefined : `test_${randomBytes(6).toString('hex')}`;
    const options = { databaseUrl: url, dataDir, ...(schema === undefined ? {} : { schema }) };
    try {
      const orm = await openOrm(createOrmConfig(options));
      const ctx = SqlContext.root(orm.database, orm.knex);
      if (schema !== undefined) await ctx.run(`CREATE SCHEMA "${schema}"`);
      await whileNoTestSchemaIsDropped(url, () => orm.exclusive(async () => (await orm.migrator()).up({ to: '0001-initial-schema' })));
      for (const [contentId, language, text] of [
        [50, 'eng-GB', 'Crème brûlée\nStraße x_y'],
        [50, 'pol-PL', 'Łódź crème'],
        [51, 'eng-GB', 'straße'],
      ] as const) {
        await ctx.run('INSERT INTO search_text (content_id, language_code, text) VALUES (?, ?, ?)', [contentId, language, text]);
      }
      await orm.close();

      const store = await whileNoTestSchemaIsDropped(url, () => createPersistence(options));
      const check = await openOrm(createOrmConfig(options));
      try {
        const checkCtx = SqlContext.root(check.database, check.knex);
        const dictionary = new Map((await checkCtx.rawRows('SELECT id, word FROM search_word')).map((row) => [row.int('id'), row.str('word')]));
        const lists = await checkCtx.rawRows('SELECT content_id, language_code, word_ids FROM search_word_list');
        const postings = lists
          .flatMap((row) => row.str('word_ids').split(' ').map((id) => `${row.int('content_id')}/${row.str('language_code')}/${dictionary.get(Number(id))}`))
          .sort();
        expect(postings).toEqual([
          '50/eng-GB/brulee', '50/eng-GB/creme', '50/eng-GB/strasse', '50/eng-GB/x_y', '50/pol-PL/creme', '50/pol-PL/lodz', '51/eng-GB/strasse',
        ]);
        const tables = await SqlContext.root(check.database, check.knex).rawRows(
          url === undefined
            ? "SELECT name FROM sqlite_master WHERE name LIKE 'search_text%'"
            : "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name LIKE 'search_text%'",
        );
        expect(tables).toEqual([]);
      } finally {
        await check.close();
        await store.close();
      }
    } finally {
      if (url !== undefined && schema !== undefined) await dropTestSchema(url, schema);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
