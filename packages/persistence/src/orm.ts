import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { MikroORM as BetterSqliteOrm } from '@mikro-orm/better-sqlite';
import type { IMigrator } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/knex';
import { MikroORM as PostgresOrm } from '@mikro-orm/postgresql';
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
  readonly migrator: IMigrator;
  /** Runs `work` (which may use knex's pool directly) while no statement of `database` runs (SQLite's gate). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Initialises MikroORM with a configuration of {@link createOrmConfig} and connects. For SQLite the database
 * directory is created first and the single pooled connection is captured for direct execution.
 * @throws the driver's connection error when the database cannot be reached.
 */
export async function openOrm(config: OrmConfig): Promise<OpenOrm> {
  if (config.driver === 'sqlite') {
    await mkdir(dirname(config.filename), { recursive: true });
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
      migrator: orm.getMigrator(),
      exclusive: (work) => database.exclusive(work),
      close: () => orm.close(true),
    };
  }
  const orm = await PostgresOrm.init(config.options);
  const knex = orm.em.getKnex();
  return {
    dialect: 'postgresql',
    knex,
    database: new PostgresDatabase(knex.client),
    migrator: orm.getMigrator(),
    exclusive: (work) => work(),
    close: () => orm.close(true),
  };
}
