import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { IMigrator } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import type { Migrator } from '@mikro-orm/migrations';
import type { OrmConfig } from './orm-config.js';
import type { Dialect } from './db/dialect.js';
import { PostgresDatabase } from './db/postgres-database.js';
import type { SqlDatabase } from './db/sql-session.js';
import { SqliteDatabase } from './db/sqlite-database.js';

/**
 * An open database, reduced to what this package uses: on PostgreSQL an initialised MikroORM instance; on SQLite a
 * plain knex instance, with MikroORM initialised only to migrate.
 */
export interface OpenOrm {
  readonly dialect: Dialect;
  /** The knex instance (MikroORM's on PostgreSQL): the query builder of dynamic queries, and the connection pool. */
  readonly knex: Knex;
  /** Where every statement of the handlers runs (see `db/sql-session.ts`). */
  readonly database: SqlDatabase;
  /**
   * MikroORM's migrator, loaded on first call (it pulls in umzug and its file-system tooling, which a start with
   * nothing to migrate does not need).
   */
  migrator(): Promise<IMigrator>;
  /** Runs `work` (which may use knex's pool directly) while no statement of `database` runs (SQLite's gate). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The migrator of an initialised ORM, created once on first use: MikroORM's migrator and this package's migration
 * classes (which extend its `Migration`) are imported only then, and the list of migrations is given to the
 * ORM's configuration before the migrator reads it.
 */
function lazyMigrator(em: ConstructorParameters<typeof Migrator>[0]): () => Promise<IMigrator> {
  let migrator: Promise<IMigrator> | null = null;
  return () => {
    migrator ??= Promise.all([import('@mikro-orm/migrations'), import('./migrations/index.js')]).then(([{ Migrator: LoadedMigrator }, { MIGRATIONS }]) => {
      em.config.set('migrations', { ...em.config.get('migrations'), migrationsList: [...MIGRATIONS] });
      return new LoadedMigrator(em);
    });
    return migrator;
  };
}

/**
 * Opens the database of a configuration of {@link createOrmConfig}. Only the selected driver's packages are loaded (a
 * SQLite start never loads `pg`).
 * - SQLite: the database directory is created first; a plain knex instance (knex's better-sqlite3 client, one pooled
 *   connection with the configuration's pool settings and pragmas) whose connection is captured for direct
 *   execution. Statements never need MikroORM (loading it is about a third of a start), so it is initialised only
 *   for the migrator, on a second connection of its own, used while the first is held by `exclusive`, and closed
 *   with the store.
 * - PostgreSQL: MikroORM initialised and connected (its knex pool, with its type parsers, serves the statements).
 * @throws the driver's connection error when the database cannot be reached.
 */
export async function openOrm(config: OrmConfig): Promise<OpenOrm> {
  if (config.driver === 'sqlite') {
    await mkdir(dirname(config.filename), { recursive: true });
    const { default: createKnex } = await import('knex');
    const knex = createKnex({ client: 'better-sqlite3', connection: { filename: config.filename }, ...(config.options.pool ? { pool: config.options.pool } : {}), useNullAsDefault: true, ...(config.knexLog ? { log: config.knexLog } : {}) });
    const database = await SqliteDatabase.capture(knex);
    if (!database) {
      await knex.destroy();
      throw new Error('Unexpected SQLite connection object (expected better-sqlite3)');
    }
    let migrationOrm: Promise<{ close(force?: boolean): Promise<void>; migrator: () => Promise<IMigrator> }> | null = null;
    return {
      dialect: 'sqlite',
      knex,
      database,
      migrator: () => {
        migrationOrm ??= import('@mikro-orm/better-sqlite').then(async ({ MikroORM: BetterSqliteOrm }) => {
          const orm = await BetterSqliteOrm.init(config.options);
          return { close: (force) => orm.close(force), migrator: lazyMigrator(orm.em) };
        });
        return migrationOrm.then((orm) => orm.migrator());
      },
      exclusive: (work) => database.exclusive(work),
      close: async () => {
        if (migrationOrm) await (await migrationOrm).close(true);
        await knex.destroy();
      },
    };
  }
  const { MikroORM: PostgresOrm } = await import('@mikro-orm/postgresql');
  const orm = await PostgresOrm.init(config.options);
  const knex = orm.em.getKnex();
  return {
    dialect: 'postgresql',
    knex,
    database: new PostgresDatabase(knex.client),
    migrator: lazyMigrator(orm.em),
    exclusive: (work) => work(),
    close: () => orm.close(true),
  };
}
