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

/**
 * Upgrading a database of 0009 whose remote ids differ only in case (allowed before): migration 0010 keeps the
 * oldest of each group, gives the others new random remote ids, and from then on finds remote ids and refuses
 * duplicates case-insensitively.
 */
describeDialects('migration 0010 on a database of 0009', ({ databaseUrl: url }) => {
  it('renames all but the oldest of remote ids equal but for case, then finds and refuses them case-insensitively', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-test-'));
    const schema = url === undefined ? undefined : `test_${randomBytes(6).toString('hex')}`;
    const options = { databaseUrl: url, dataDir, ...(schema === undefined ? {} : { schema }) };
    try {
      const orm = await openOrm(createOrmConfig(options));
      const ctx = SqlContext.root(orm.database, orm.knex);
      if (schema !== undefined) await ctx.run(`CREATE SCHEMA "${schema}"`);
      await whileNoTestSchemaIsDropped(url, () => orm.exclusive(async () => (await orm.migrator()).up({ to: '0009-binary-storage' })));
      await new SqlSeedImporter(ctx).import(buildSmallSeed());
      const contents = (await ctx.rawRows('SELECT id FROM content ORDER BY id')).map((row) => row.int('id'));
      const locations = (await ctx.rawRows('SELECT id FROM location WHERE id > 1 ORDER BY id')).map((row) => row.int('id'));
      const [c1, c2, c3] = contents;
      const [l1, l2] = locations;
      if (c3 === undefined || l2 === undefined || c1 === undefined || c2 === undefined || l1 === undefined) throw new Error('seed too small');
      await ctx.run("UPDATE content SET remote_id = 'Same-ID' WHERE id = ?", [c1]);
      await ctx.run("UPDATE content SET remote_id = 'same-id' WHERE id = ?", [c2]);
      await ctx.run("UPDATE content SET remote_id = 'SAME-ID' WHERE id = ?", [c3]);
      await ctx.run("UPDATE location SET remote_id = 'Loc' WHERE id = ?", [l1]);
      await ctx.run("UPDATE location SET remote_id = 'LOC' WHERE id = ?", [l2]);
      await orm.close();

      const store = await whileNoTestSchemaIsDropped(url, () => createPersistence(options));
      const check = await openOrm(createOrmConfig(options));
      try {
        const after = SqlContext.root(check.database, check.knex);
        const remoteIds = async (table: 'content' | 'location', ids: readonly number[]): Promise<(string | undefined)[]> => {
          const rows = await after.rawRows(`SELECT id, remote_id FROM ${table} WHERE id IN (${ids.join(', ')}) ORDER BY id`);
          return rows.map((row) => row.str('remote_id'));
        };
        const [kept, ...renamed] = await remoteIds('content', [c1, c2, c3]);
        expect(kept).toBe('Same-ID');
        for (const remoteId of renamed) expect(remoteId).toMatch(/^[0-9a-f]{32}$/);
        expect(new Set(renamed).size).toBe(2);
        const [keptLocation, renamedLocation] = await remoteIds('location', [l1, l2]);
        expect(keptLocation).toBe('Loc');
        expect(renamedLocation).toMatch(/^[0-9a-f]{32}$/);

        const { contentHandler, locationHandler } = store.persistence;
        expect((await contentHandler.loadContentInfoByRemoteId('same-ID'))?.id).toBe(c1);
        expect((await locationHandler.loadByRemoteId('loc'))?.id).toBe(l1);
        await expect(contentHandler.updateMetadata(c2, { remoteId: 'SAME-id' })).rejects.toMatchObject({ code: 'InvalidArgument' });
        await expect(locationHandler.update(l2, { remoteId: 'lOc' })).rejects.toMatchObject({ code: 'InvalidArgument' });
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
