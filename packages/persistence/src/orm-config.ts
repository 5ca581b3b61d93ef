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
  /** SQLite: the connection's page cache, in MiB (default {@link DEFAULT_SQLITE_CACHE_MIB}). */
  readonly sqliteCacheMiB?: number | undefined;
  /** SQLite: how much of the database file is read through a memory map, in MiB; 0 turns it off (default {@link DEFAULT_SQLITE_MMAP_MIB}). */
  readonly sqliteMmapMiB?: number | undefined;
  /**
   * Receives the messages of the database driver layer (knex: a pooled connection lost or ended unexpectedly,
   * deprecations, debug output) instead of knex's default, which prints coloured text to the console.
   */
  readonly driverLog?: DriverLog | undefined;
}

/** A message of the database driver layer and its level (see {@link OrmConfigOptions.driverLog}). */
export type DriverLog = (level: 'debug' | 'warn' | 'error', message: string) => void;

/** knex's `log` option: one function per level, each given the message (a string, or an object for debug). */
export interface KnexLogOption {
  readonly debug: (message: unknown) => void;
  readonly warn: (message: unknown) => void;
  readonly error: (message: unknown) => void;
  readonly deprecate: (method: unknown, alternative: unknown) => void;
}

/** knex's `log` option routing every level to `driverLog`. */
export function knexLogOption(driverLog: DriverLog): KnexLogOption {
  const text = (message: unknown): string => (typeof message === 'string' ? message : JSON.stringify(message));
  return {
    debug: (message) => driverLog('debug', text(message)),
    warn: (message) => driverLog('warn', text(message)),
    error: (message) => driverLog('error', text(message)),
    deprecate: (method, alternative) => driverLog('warn', `${text(method)} is deprecated, use ${text(alternative)}`),
  };
}

/** The MikroORM configuration of one of the two drivers, tagged with it. */
export type OrmConfig =
  | { readonly driver: 'sqlite'; readonly filename: string; readonly options: BetterSqliteOptions; readonly knexLog?: KnexLogOption | undefined }
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
 * Default page cache of the SQLite connection, in MiB (SQLite's own default is 2 MiB). The cache holds the pages
 * statements touch and every page a write transaction changes; 16 MiB keeps the hot pages of a repository of tens of
 * thousands of items (the upper levels of every index, recent pages) while bounding the memory of a larger one: a
 * 64 MiB cache grew with the database and kept ~13 MiB more resident after 2,000 creates on a 10,000-item database.
 * Other pages are read from the OS's file cache.
 */
export const DEFAULT_SQLITE_CACHE_MIB = 16;

/**
 * Default size of the memory map SQLite may read the database file through, in MiB: none. A map saves a read
 * syscall per page (~10–20 % less system time on sequential create+publish), but every page read through it counts
 * in the process's resident memory: with 256 MiB, a server that had written 2,000 items on a 10,000-item database
 * was resident with 203 MiB instead of 151 MiB (the whole 58 MiB file mapped). `SQLITE_MMAP_MIB` turns it on.
 */
export const DEFAULT_SQLITE_MMAP_MIB = 0;

/**
 * Memory settings of the SQLite connection: the page cache and the memory map (see above), and temporary b-trees
 * (sorts, subqueries) in memory. The WAL checkpoint interval stays SQLite's default (1000 pages): larger ones saved
 * little and made single commits stall for tens of milliseconds.
 */
function sqliteMemoryPragmas(cacheMiB: number, mmapMiB: number): readonly string[] {
  return [`cache_size = -${Math.max(0, Math.floor(cacheMiB * 1024))}`, `mmap_size = ${Math.max(0, Math.floor(mmapMiB * 1024 * 1024))}`, 'temp_store = MEMORY'];
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The size in bytes the SQLite write-ahead log is cut back to each time it restarts after a checkpoint
 * (`journal_size_limit`); without it the file keeps the size of the largest burst of writes (tens of MiB after a
 * bulk import) for as long as the database is open. 4 MiB: the log of the default auto-checkpoint (1000 pages).
 */
export const WAL_SIZE_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * Builds the typed MikroORM configuration of the selected driver (plain options: nothing of MikroORM is loaded here,
 * so that a start loads only the driver it uses): no entities (MikroORM runs the migrations only; the schema is
 * described in `schema/`), the explicit migration list (the migrator itself is loaded only when a migration is
 * pending, see `migrate.ts`), and per driver:
 * - SQLite: one pooled connection (SQLite has one writer; transactions queue instead of interleaving) with
 *   `journal_mode=WAL`, `foreign_keys=ON`, `synchronous=NORMAL`, `journal_size_limit` ({@link WAL_SIZE_LIMIT_BYTES}), the memory settings of
 *   {@link sqliteMemoryPragmas} (`sqliteCacheMiB`, `sqliteMmapMiB`) and a busy timeout set on every new connection;
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
        ...(schema === null ? {} : { schema }),
        driverOptions: {
          ...(schema === null ? {} : { searchPath: [schema] }),
          ...(options.driverLog ? { log: knexLogOption(options.driverLog) } : {}),
        },
      },
    };
  }
  const filename = join(options.dataDir, SQLITE_FILENAME);
  const busyTimeout = options.busyTimeoutMs ?? 5000;
  const memoryPragmas = sqliteMemoryPragmas(options.sqliteCacheMiB ?? DEFAULT_SQLITE_CACHE_MIB, options.sqliteMmapMiB ?? DEFAULT_SQLITE_MMAP_MIB);
  return {
    driver: 'sqlite',
    filename,
    ...(options.driverLog ? { knexLog: knexLogOption(options.driverLog) } : {}),
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
          connection.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
          for (const pragma of memoryPragmas) connection.pragma(pragma);
          connection.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeout))}`);
          done(null, connection);
        },
      },
    },
  };
}
