import { expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOrmConfig } from '../orm-config.js';
import { SqlContext } from '../db/sql-context.js';
import { createPersistence } from '../index.js';
import { openOrm } from '../orm.js';
import { SqlSeedImporter } from '../seed/sql-seed-importer.js';
import { describeDialects } from '../test-support/dialect-suite.js';
import { buildSmallSeed } from '../test-support/small-seed.js';
import { dropTestSchema, whileNoTestSchemaIsDropped } from '../test-support/test-stores.js';

const FIELD_INSERT =
  'INSERT INTO content_field (id, version_no, content_id, field_definition_id, field_def_identifier, field_type_identifier, language_code, data) ' +
  "VALUES (?, 1, ?, ?, 'gone', 'ezstring', 'eng-GB', NULL)";

/**
 * Upgrading a database of 0007 that holds a field of a definition that no longer exists (a write that raced a
 * type change): migration 0008 deletes that field, keeps the others, and from then on refuses such a field.
 */
describeDialects('migration 0008 on a database of 0007', ({ databaseUrl: url }) => {
  it('deletes fields of missing definitions, keeps the others, and refuses new ones at commit', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-test-'));
    const schema = url === undefined ? undefined : `test_${randomBytes(6).toString('hex')}`;
    const options = { databaseUrl: url, dataDir, ...(schema === undefined ? {} : { schema }) };
    try {
      const orm = await openOrm(createOrmConfig(options));
      const ctx = SqlContext.root(orm.database, orm.knex);
      if (schema !== undefined) await ctx.run(`CREATE SCHEMA "${schema}"`);
      await whileNoTestSchemaIsDropped(url, () => orm.exclusive(async () => (await orm.migrator()).up({ to: '0007-aggregate-revisions' })));
      await new SqlSeedImporter(ctx).import(buildSmallSeed());
      const fieldsBefore = (await ctx.rawRows('SELECT id FROM content_field')).length;
      const [item] = await ctx.rawRows('SELECT MIN(content_id) AS id FROM content_field');
      const contentId = item?.int('id') ?? 0;
      await ctx.run(FIELD_INSERT, [900_001, contentId, 999_999]);
      await orm.close();

      const store = await whileNoTestSchemaIsDropped(url, () => createPersistence(options));
      const check = await openOrm(createOrmConfig(options));
      try {
        const after = SqlContext.root(check.database, check.knex);
        const ids = (await after.rawRows('SELECT id FROM content_field')).map((row) => row.int('id'));
        expect(ids).toHaveLength(fieldsBefore);
        expect(ids).not.toContain(900_001);
        const [status] = await after.rawRows('SELECT MIN(field_definition_status) AS low, MAX(field_definition_status) AS high FROM content_field');
        expect([status?.int('low'), status?.int('high')]).toEqual([0, 0]);
        // (The driver's error may come from another realm than the test's `Error`: compare its message.)
        const outcome = await after.transaction((tx) => tx.run(FIELD_INSERT, [900_002, contentId, 999_999])).then(
          () => 'committed',
          (error: unknown) => String((error as { readonly message?: unknown }).message),
        );
        expect(outcome).toMatch(/foreign key/i);
        expect((await after.rawRows('SELECT id FROM content_field WHERE id = 900002')).length).toBe(0);
      } finally {
        await check.close();
        await store.close();
      }
    } finally {
      if (url !== undefined && schema !== undefined) await dropTestSchema(url, schema);
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
