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

/** An initialised MikroORM instance, reduced to what this package uses. */
export interface OpenOrm {
  readonly dialect: Dialect;
  /** MikroORM's knex instance: the query builder of dynamic queries, and the connection pool. */
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
 * Initialises MikroORM with a configuration of {@link createOrmConfig} and connects. Only the selected driver's
 * MikroORM package is loaded (a SQLite start never loads `pg`). For SQLite the database directory is created first
 * and the single pooled connection is captured for direct execution.
 * @throws the driver's connection error when the database cannot be reached.
 */
export async function openOrm(config: OrmConfig): Promise<OpenOrm> {
  if (config.driver === 'sqlite') {
    await mkdir(dirname(config.filename), { recursive: true });
    const { MikroORM: BetterSqliteOrm } = await import('@mikro-orm/better-sqlite');
    const orm = await BetterSqliteOrm.init(config.options);
    const knex = orm.em.getKnex();
    const database = await SqliteDatabase.capture(knex);
    if (!database) {
      await orm.close(true);
      throw new Error('Unexpected SQLite connection object (expected better-sqlite3)');
    }
    return {
      dialect: 'sqlite',
      knex,
      database,
      migrator: lazyMigrator(orm.em),
      exclusive: (work) => database.exclusive(work),
      close: () => orm.close(true),
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
