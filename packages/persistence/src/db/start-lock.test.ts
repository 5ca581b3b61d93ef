import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from '@jest/globals';
import { buildCleanInstallSeed, createDefaultFieldTypeRegistry, installCleanRepository, type PasswordHasher } from '@contentrepo/core';
import { createPlainTextPasswordHasher } from '@contentrepo/core/testing';
import { createPersistence, type Persistence } from '../index.js';
import { createOrmConfig } from '../orm-config.js';
import { openOrm } from '../orm.js';
import { TABLES } from '../schema/index.js';
import { describeDialects } from '../test-support/dialect-suite.js';
import { dropTestSchema, whileNoTestSchemaIsDropped } from '../test-support/test-stores.js';
import { SqlContext } from './sql-context.js';

const NODES = 3;
const LANGUAGES = ['eng-GB', 'pol-PL'];

describeDialects('a first start of several nodes together on an empty database', (dialect) => {
  it(`migrates and seeds once: all ${NODES} nodes come up, one of them seeded`, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-start-'));
    const databaseUrl = dialect.databaseUrl;
    const schema = databaseUrl === undefined ? undefined : `test_${randomBytes(6).toString('hex')}`;
    const location = { databaseUrl, dataDir, schema };
    const fieldTypes = createDefaultFieldTypeRegistry();
    // Hashing the admin password takes time (the server's scrypt does), between the emptiness check and the seed.
    const plain = createPlainTextPasswordHasher();
    const passwordHasher: PasswordHasher = {
      hash: async (password) => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        return plain.hash(password);
      },
      verify: (password, hash) => plain.verify(password, hash),
    };
    const nodes: Persistence[] = [];
    try {
      // As the server starts: open without migrating, then migrate and seed under the start lock.
      const start = async (): Promise<boolean> => {
        const node = await createPersistence({ ...location, fieldTypes, migrate: false });
        nodes.push(node);
        return node.withStartLock(async () => {
          await node.migrate();
          return installCleanRepository({ persistence: node.persistence, seedImporter: node.seedImporter, fieldTypes, passwordHasher, languages: LANGUAGES.slice(1) });
        });
      };
      const installed = await whileNoTestSchemaIsDropped(databaseUrl, () => Promise.all(Array.from({ length: NODES }, start)));
      expect(installed.filter(Boolean)).toHaveLength(1);

      const orm = await openOrm(createOrmConfig(location));
      try {
        const ctx = SqlContext.root(orm.database, orm.knex);
        const count = async (table: string): Promise<number> => (await ctx.rawRows(`SELECT COUNT(*) AS n FROM ${table}`))[0]?.int('n') ?? -1;
        const seed = buildCleanInstallSeed({ fieldTypes, adminPasswordHash: 'x', languages: LANGUAGES });
        expect(await count(`${TABLES.language}`)).toBe(LANGUAGES.length);
        expect(await count(`${TABLES.content}`)).toBe(seed.contents.length);
        expect(await count(`${TABLES.location}`)).toBe(seed.locations.length);
      } finally {
        await orm.close();
      }
      // Every node works on the one repository.
      for (const node of nodes) expect((await node.persistence.languageHandler.loadAll()).map((language) => language.languageCode).sort()).toEqual([...LANGUAGES].sort());
    } finally {
      for (const node of nodes) await node.close();
      if (databaseUrl !== undefined && schema !== undefined) await dropTestSchema(databaseUrl, schema);
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
