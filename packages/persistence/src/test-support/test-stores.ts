import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from '@mikro-orm/knex';
import { createOrmConfig, type OrmConfigOptions } from '../orm-config.js';
import type { Row } from '../db/row.js';
import { SqlContext } from '../db/sql-context.js';
import { createPersistence, type Persistence, type PersistenceOptions } from '../index.js';
import { openOrm } from '../orm.js';

/** Environment variable naming the PostgreSQL server of the PostgreSQL test runs. */
export const TEST_DATABASE_URL_VARIABLE = 'TEST_DATABASE_URL';

/** The PostgreSQL URL of the test runs, or undefined when they are skipped. */
export function testDatabaseUrl(): string | undefined {
  const url = process.env[TEST_DATABASE_URL_VARIABLE];
  return url === undefined || url === '' ? undefined : url;
}

/**
 * A store under test; `close` also removes its data (temporary directory, PostgreSQL schema). `query` runs raw
 * SQL on a second connection to the same database (for assertions on index tables and query plans).
 */
export interface TestStore extends Persistence {
  query(sql: string, bindings?: readonly (string | number | boolean | null)[]): Promise<Row[]>;
  /** The second connection's root context (to build statements with the package's query builders). */
  rawContext(): Promise<SqlContext>;
}

/** Extra options a test may pass (besides the database selection). */
export type TestStoreOptions = Omit<PersistenceOptions, 'databaseUrl' | 'dataDir' | 'schema'>;

/**
 * A fresh, migrated SQLite store in a new temporary directory, removed by `close()`.
 */
export async function createSqliteTestStore(options: TestStoreOptions = {}): Promise<TestStore> {
  const dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-test-'));
  const store = await createPersistence({ ...options, dataDir });
  const raw = rawConnection({ dataDir });
  return {
    ...store,
    query: raw.query,
    rawContext: raw.rawContext,
    close: async () => {
      await raw.close();
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh, migrated PostgreSQL store in its own schema `test_<random>` (the connections' search path), so that
 * parallel runs never clash; `close()` drops the schema. The data directory (binary storage) is temporary too.
 */
export async function createPostgresTestStore(databaseUrl: string, options: TestStoreOptions = {}): Promise<TestStore> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-test-'));
  const store = await whileNoTestSchemaIsDropped(databaseUrl, () => createPersistence({ ...options, databaseUrl, dataDir, schema }));
  const raw = rawConnection({ databaseUrl, dataDir, schema });
  return {
    ...store,
    query: raw.query,
    rawContext: raw.rawContext,
    close: async () => {
      await raw.close();
      await store.close();
      await dropTestSchema(databaseUrl, schema);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A lazily opened connection for raw SQL in assertions (`?` placeholders; on PostgreSQL the search path is
 * `options.schema`): a second connection to a test store, or the test's own connection to a database that server
 * processes run on. `close()` closes it (a no-op when it was never opened).
 */
export function rawConnection(options: OrmConfigOptions): {
  query: TestStore['query'];
  rawContext: TestStore['rawContext'];
  close(): Promise<void>;
} {
  let opened: Promise<{ ctx: SqlContext; close(): Promise<void> }> | undefined;
  const open = () =>
    (opened ??= openOrm(createOrmConfig(options)).then((orm) => ({ ctx: SqlContext.root(orm.database, orm.knex), close: () => orm.close() })));
  return {
    query: async (sql, bindings = []) => (await open()).ctx.rawRows(sql, bindings),
    rawContext: async () => (await open()).ctx,
    close: async () => {
      if (opened) await (await opened).close();
    },
  };
}

/**
 * The advisory lock between test schemas being migrated and being dropped. MikroORM's migrator starts by listing
 * the tables of every schema of the database, casting each name to `regclass`, which fails when another test
 * (in another worker) drops its schema at that moment. Migrations of test schemas hold the lock shared, drops hold
 * it exclusively.
 */
const TEST_SCHEMA_LOCK = "hashtext('contentrepo-test-schemas')";

/** Runs `inTransaction` in a transaction of a short-lived connection to the PostgreSQL server. */
async function onServer<T>(databaseUrl: string, inTransaction: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  const orm = await openOrm(createOrmConfig({ databaseUrl, dataDir: tmpdir() }));
  try {
    return await orm.knex.transaction(inTransaction);
  } finally {
    await orm.close();
  }
}

/**
 * Runs `work`, which creates or migrates PostgreSQL schemas, while no test schema is being dropped (see
 * {@link dropTestSchema}); `work` must not drop one itself. Without a server (SQLite) it just runs `work`.
 */
export async function whileNoTestSchemaIsDropped<T>(databaseUrl: string | undefined, work: () => Promise<T>): Promise<T> {
  if (databaseUrl === undefined) return work();
  return onServer(databaseUrl, async (trx) => {
    await trx.raw(`SELECT pg_advisory_xact_lock_shared(${TEST_SCHEMA_LOCK})`);
    return work();
  });
}

/** Drops a test schema with everything in it, once no test schema is being migrated. */
export async function dropTestSchema(databaseUrl: string, schema: string): Promise<void> {
  await onServer(databaseUrl, async (trx) => {
    await trx.raw(`SELECT pg_advisory_xact_lock(${TEST_SCHEMA_LOCK})`);
    await trx.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  });
}

/** A database the persistence tests run on. */
export interface TestDialect {
  readonly name: 'SQLite' | 'PostgreSQL';
  /** Why this run skips the dialect's tests, or undefined when they run. */
  readonly skipReason: string | undefined;
  /** The PostgreSQL URL (undefined for SQLite, and for PostgreSQL when skipped). */
  readonly databaseUrl: string | undefined;
  /** A fresh, migrated store (see {@link createSqliteTestStore}, {@link createPostgresTestStore}). */
  readonly create: (options?: TestStoreOptions) => Promise<TestStore>;
}

/**
 * The dialects of the persistence tests: SQLite, and PostgreSQL — skipped, with the reason, unless
 * `TEST_DATABASE_URL` names a server. Tests of a skipped dialect are still declared, so that runs report them as
 * skipped.
 */
export function testDialects(): readonly TestDialect[] {
  const url = testDatabaseUrl();
  return [
    { name: 'SQLite', skipReason: undefined, databaseUrl: undefined, create: createSqliteTestStore },
    {
      name: 'PostgreSQL',
      skipReason: url === undefined ? `${TEST_DATABASE_URL_VARIABLE} is not set` : undefined,
      databaseUrl: url,
      create: (options?: TestStoreOptions) =>
        url === undefined ? Promise.reject(new Error(`${TEST_DATABASE_URL_VARIABLE} is not set`)) : createPostgresTestStore(url, options),
    },
  ];
}
