import type { Platform } from '@mikro-orm/core';
import { BaseSqlitePlatform } from '@mikro-orm/knex';

/** The SQL dialects this package runs on: SQLite (better-sqlite3, embedded default) and PostgreSQL (multi-node). */
export type Dialect = 'sqlite' | 'postgresql';

/** The dialect of a MikroORM platform (the two drivers this package configures). */
export function dialectOf(platform: Platform): Dialect {
  return platform instanceof BaseSqlitePlatform ? 'sqlite' : 'postgresql';
}
