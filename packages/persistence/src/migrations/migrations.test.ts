import { expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPersistence } from '../index.js';
import { MIGRATIONS } from './index.js';
import { describeDialect, describeOnEachDialect } from '../test-support/dialect-suite.js';
import { dropTestSchema, testDialects, whileNoTestSchemaIsDropped } from '../test-support/test-stores.js';

describeOnEachDialect(
  'migrations',
  (store) => {
    it('are idempotent', async () => {
      await store().migrate();
      await store().migrate();
      const applied = await store().query('SELECT name FROM mikro_orm_migrations ORDER BY id');
      expect(applied.map((row) => row.str('name'))).toEqual(MIGRATIONS.map((migration) => migration.name));
    });
  },
  { seed: false },
);

describeOnEachDialect(
  'SQLite connection',
  (store) => {
    it('uses WAL, foreign keys, synchronous=NORMAL, a 16 MiB cache, no memory map and a busy timeout', async () => {
      const pragma = async (name: string): Promise<string | number | undefined> => {
        const [row] = await store().query(`PRAGMA ${name}`);
        return name === 'journal_mode' ? row?.str(name) : row?.int(name === 'busy_timeout' ? 'timeout' : name);
      };
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('synchronous')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
      expect(await pragma('cache_size')).toBe(-16384);
      expect(await pragma('mmap_size')).toBe(0);
      expect(await pragma('temp_store')).toBe(2);
    });

    it('takes the cache and memory map sizes it is given', async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-test-'));
      const sized = await createPersistence({ dataDir, sqliteCacheMiB: 4, sqliteMmapMiB: 64 });
      try {
        const [cache] = await sized.knex.raw<{ cache_size: number }[]>('PRAGMA cache_size');
        const [mmap] = await sized.knex.raw<{ mmap_size: number }[]>('PRAGMA mmap_size');
        expect(cache?.cache_size).toBe(-4096);
        expect(mmap?.mmap_size).toBe(67108864);
      } finally {
        await sized.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  },
  { seed: false, only: 'SQLite' },
);

const postgres = testDialects().find((dialect) => dialect.name === 'PostgreSQL');
if (postgres === undefined) throw new Error('no PostgreSQL test dialect');
describeDialect(postgres, 'migrations on nodes starting together', () => {
  it('migrate once: the advisory lock serialises concurrent starts on one schema', async () => {
    const url = postgres.databaseUrl;
    if (url === undefined) throw new Error('TEST_DATABASE_URL is not set');
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-test-'));
    const nodes = await whileNoTestSchemaIsDropped(url, () => Promise.all([1, 2, 3].map(() => createPersistence({ databaseUrl: url, dataDir, schema }))));
    try {
      const [first] = nodes;
      expect(await first?.seedImporter.isEmpty()).toBe(true);
    } finally {
      for (const node of nodes) await node.close();
      await dropTestSchema(url, schema);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
