import { join } from 'node:path';
import type { Options as BetterSqliteOptions } from '@mikro-orm/better-sqlite';
import type { Options as PostgreSqlOptions } from '@mikro-orm/postgresql';

/** Options of {@link createOrmConfig}. */
export interface OrmConfigOptions {
  /**
   * `postgres://…` or `postgresql://…` selects PostgreSQL; anything else (or nothing) selects SQLite in
   * `<dataDir>/contentrepo.sqlite`.
   */
  readonly databaseUrl?: string | undefined;
  /** Directory of the SQLite file (and of binary storage); created when missing. */
  readonly dataDir: string;
  /**
   * PostgreSQL only: the schema holding every table (created when missing by `migrate()`), set as the
   * connections' `search_path`. Default: the server's search path (usually `public`). Tests use one per run.
   */
  readonly schema?: string | undefined;
  /** Receives MikroORM's log lines (migrations applied, warnings, and queries when `debug` is on). */
  readonly logger?: ((message: string) => void) | undefined;
  /** Logs every query through `logger` (off by default). */
  readonly debug?: boolean | undefined;
  /** SQLite: how long a write waits for a lock held by another process, in ms (default 5000). */
  readonly busyTimeoutMs?: number | undefined;
}

/** The MikroORM configuration of one of the two drivers, tagged with it. */
export type OrmConfig =
  | { readonly driver: 'sqlite'; readonly filename: string; readonly options: BetterSqliteOptions }
  | { readonly driver: 'postgresql'; readonly schema: string | null; readonly options: PostgreSqlOptions };

/** Name of the SQLite database file inside the data directory. */
export const SQLITE_FILENAME = 'contentrepo.sqlite';

/** Whether a DATABASE_URL selects PostgreSQL (`postgres://` or `postgresql://`). */
export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//i.test(url);
}

/** A raw better-sqlite3 connection, as far as the pool hook needs it. */
interface PragmaConnection {
  pragma(source: string): unknown;
}

function isPragmaConnection(value: unknown): value is PragmaConnection {
  return typeof value === 'object' && value !== null && 'pragma' in value && typeof value.pragma === 'function';
}

/**
 * Memory settings of the SQLite connection: a 64 MiB page cache (SQLite's default is 2 MiB, so most hot pages of
 * a larger repository would be re-read from the OS on every statement), reads of the database file through a
 * 256 MiB memory map (no read syscall per page), and temporary b-trees (sorts, subqueries) in memory. Measured on
 * sequential create+publish: ~10–20 % less system time. The WAL checkpoint interval stays SQLite's default
 * (1000 pages): larger ones saved little and made single commits stall for tens of milliseconds.
 */
const SQLITE_CACHE_PRAGMAS = ['cache_size = -65536', 'mmap_size = 268435456', 'temp_store = MEMORY'] as const;

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Builds the typed MikroORM configuration of the selected driver (plain options: nothing of MikroORM is loaded here,
 * so that a start loads only the driver it uses): no entities (MikroORM runs the migrations only; the schema is
 * described in `schema/`), the explicit migration list (the migrator itself is loaded only when a migration is
 * pending, see `migrate.ts`), and per driver:
 * - SQLite: one pooled connection (SQLite has one writer; transactions queue instead of interleaving) with
 *   `journal_mode=WAL`, `foreign_keys=ON`, `synchronous=NORMAL`, the cache settings of
 *   {@link SQLITE_CACHE_PRAGMAS} and a busy timeout set on every new connection;
 * - PostgreSQL: `clientUrl` = the URL; with `schema`, MikroORM's default schema and the connections' search path.
 * Debug logging is off unless `debug` is set; log lines go to `logger` (dropped without one).
 *
 * @throws Error when `schema` is not a plain lower-case SQL identifier.
 */
export function createOrmConfig(options: OrmConfigOptions): OrmConfig {
  const logger = options.logger ?? ((): void => undefined);
  const common = {
    entities: [],
    migrations: {
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      disableForeignKeys: false,
      silent: options.logger === undefined,
    },
    discovery: { warnWhenNoEntities: false, disableDynamicFileAccess: true },
    metadataCache: { enabled: false },
    ensureDatabase: false,
    debug: options.debug ?? false,
    colors: false,
    logger,
  };
  if (isPostgresUrl(options.databaseUrl)) {
    const schema = options.schema ?? null;
    if (schema !== null && !SCHEMA_NAME.test(schema)) throw new Error(`Invalid PostgreSQL schema name '${schema}'`);
    return {
      driver: 'postgresql',
      schema,
      options: {
        ...common,
        clientUrl: options.databaseUrl,
        ...(schema === null ? {} : { schema, driverOptions: { searchPath: [schema] } }),
      },
    };
  }
  const filename = join(options.dataDir, SQLITE_FILENAME);
  const busyTimeout = options.busyTimeoutMs ?? 5000;
  return {
    driver: 'sqlite',
    filename,
    options: {
      ...common,
      dbName: filename,
      pool: {
        min: 1,
        max: 1,
        afterCreate: (connection: unknown, done: (error: Error | null, connection: unknown) => void): void => {
          if (!isPragmaConnection(connection)) {
            done(new Error('Unexpected SQLite connection object (expected better-sqlite3)'), connection);
            return;
          }
          connection.pragma('journal_mode = WAL');
          connection.pragma('foreign_keys = ON');
          connection.pragma('synchronous = NORMAL');
          for (const pragma of SQLITE_CACHE_PRAGMAS) connection.pragma(pragma);
          connection.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeout))}`);
          done(null, connection);
        },
      },
    },
  };
}
