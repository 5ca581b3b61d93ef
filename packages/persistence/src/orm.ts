import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { MikroORM as BetterSqliteOrm } from '@mikro-orm/better-sqlite';
import type { IMigrator } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { MikroORM as PostgresOrm } from '@mikro-orm/postgresql';
import type { OrmConfig } from './config.js';
import type { Dialect } from './db/dialect.js';
import { DirectSqlite } from './db/direct-sqlite.js';

/** An initialised MikroORM instance, reduced to what this package uses. */
export interface OpenOrm {
  readonly dialect: Dialect;
  /** The root EntityManager (a fork of the global one, never used for identity-map work). */
  readonly em: SqlEntityManager;
  readonly migrator: IMigrator;
  /** SQLite: direct execution on the single pooled connection (see `db/direct-sqlite.ts`); null on PostgreSQL. */
  readonly direct: DirectSqlite | null;
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
    const em = orm.em.fork();
    const direct = await DirectSqlite.capture(em.getKnex());
    return { dialect: 'sqlite', em, migrator: orm.getMigrator(), direct, close: () => orm.close(true) };
  }
  const orm = await PostgresOrm.init(config.options);
  return { dialect: 'postgresql', em: orm.em.fork(), migrator: orm.getMigrator(), direct: null, close: () => orm.close(true) };
}
