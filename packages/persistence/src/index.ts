/**
 * @contentrepo/persistence — the persistence adapter of contentrepo: core's SPI (PersistenceHandler with one
 * handler per aggregate, SearchHandler, SeedImporter, SessionStore, BinaryStorage) on MikroORM 6 with SQLite
 * (better-sqlite3, embedded default) or PostgreSQL (selected by `DATABASE_URL`).
 */
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { Knex } from '@mikro-orm/knex';
import {
  type BinaryStorage,
  type Clock,
  createDefaultFieldTypeRegistry,
  type FieldTypeRegistry,
  type PersistenceHandler,
  type SeedImporter,
  type SessionStore,
  systemClock,
} from '@contentrepo/core';
import { createOrmConfig, type DriverLog, type OrmConfig } from './orm-config.js';
import { type ChangeFeedWarn, type ChangeRelay, LocalChangeFeed, type StoreChangeFeed } from './db/local-change-feed.js';
import { changeChannel, type ChangeFeedTimings, eventsChannel, PostgresChangeFeed } from './db/postgres-change-feed.js';
import { EventLog } from './events/event-log.js';
import { SqlContext } from './db/sql-context.js';
import { type QueryObserver, timedDatabase } from './db/timed-database.js';
import { withStartLock } from './db/start-lock.js';
import { SqlPersistenceHandler } from './handlers/sql-persistence-handler.js';
import { migrate, pendingMigrations } from './migrate.js';
import { openOrm, type OpenOrm } from './orm.js';
import { writeArchive, type ArchiveSummary, type ExportArchiveOptions } from './archive/export-archive.js';
import { readArchive, type ImportArchiveOptions } from './archive/import-archive.js';
import { SqlSeedImporter } from './seed/sql-seed-importer.js';
import { SqlSessionStore } from './sessions/sql-session-store.js';
import { DatabaseBinaryStorage } from './storage/database-binary-storage.js';
import { LocalBinaryStorage } from './storage/local-binary-storage.js';
import { SqlWebhookStore } from './webhooks/sql-webhook-store.js';

export {
  createOrmConfig,
  DEFAULT_SQLITE_CACHE_MIB,
  DEFAULT_SQLITE_MMAP_MIB,
  isPostgresUrl,
  SQLITE_FILENAME, type DriverLog, type OrmConfig, type OrmConfigOptions } from './orm-config.js';
export { ID_SEQUENCES, SCHEMA, TABLES, type SchemaDescription, type TableDescription, type TableRef } from './schema/index.js';
export { MIGRATION_NAMES } from './migrations/migration-names.js';
export { SqlPersistenceHandler } from './handlers/sql-persistence-handler.js';
export { SqlSearchHandler } from './search/sql-search-handler.js';
export { SqlSeedImporter } from './seed/sql-seed-importer.js';
export { SqlSessionStore } from './sessions/sql-session-store.js';
export { LocalBinaryStorage, type LocalBinaryStorageOptions } from './storage/local-binary-storage.js';
export {
  ABANDONED_UPLOAD_SECONDS,
  CHUNK_BYTES,
  DatabaseBinaryStorage,
  type DatabaseBinaryStorageOptions,
} from './storage/database-binary-storage.js';
export { assertValidKey, DEFAULT_STORAGE_URI_PREFIX, HEAD_BYTES, isValidKey, StorageUris } from './storage/storage-key.js';
export type { ChangeFeedWarn, ChangeRelay, StoreChangeFeed } from './db/local-change-feed.js';
export type { ChangeFeedTimings } from './db/postgres-change-feed.js';
export { DEFAULT_START_LOCK_TIMEOUT_MS } from './db/start-lock.js';
export type { QueryObserver } from './db/timed-database.js';
export type { Dialect } from './db/dialect.js';
export {
  DEFAULT_RETRY_POLICY,
  eventMatches,
  MAX_ERROR_LENGTH,
  retryDelayMs,
  secretHint,
  SqlWebhookStore,
  WEBHOOK_CURSOR,
  type ClaimedDelivery,
  type DeliveryOutcome,
  type RetryPolicy,
} from './webhooks/sql-webhook-store.js';
export {
  DEFAULT_EVENT_POLL_MS,
  DEFAULT_EVENT_RETENTION_MS,
  DEFAULT_EVENT_SWEEP_MS,
  EventLog,
  type EventReader,
  type PublishedEventListener,
  type SubscribeOptions,
} from './events/event-log.js';
export {
  ARCHIVE_FORMAT_VERSION,
  ArchiveError,
  EXCLUDED_TABLES as ARCHIVE_EXCLUDED_TABLES,
  type ArchiveErrorReason,
} from './archive/archive-format.js';
export type { ArchiveProgress } from './archive/archive-streams.js';
export { DEFAULT_EXPORT_BATCH_ROWS, type ArchiveSummary, type ExportArchiveOptions } from './archive/export-archive.js';
export type { ImportArchiveOptions } from './archive/import-archive.js';

/** Options of {@link createPersistence}. */
export interface PersistenceOptions {
  /**
   * `DATABASE_URL`: `postgres://…` / `postgresql://…` selects PostgreSQL; absent (or anything else) selects the
   * SQLite file `<dataDir>/contentrepo.sqlite`.
   */
  readonly databaseUrl?: string | undefined;
  /** Data directory: the SQLite file and `storage/` (binary files) live here; created when missing. */
  readonly dataDir: string;
  /** SQLite: the connection's page cache, in MiB (default `DEFAULT_SQLITE_CACHE_MIB`). */
  readonly sqliteCacheMiB?: number | undefined;
  /** SQLite: the memory map the database file is read through, in MiB; 0 turns it off (default `DEFAULT_SQLITE_MMAP_MIB`). */
  readonly sqliteMmapMiB?: number | undefined;
  /** Receives MikroORM's log lines (migrations, warnings; queries when `debug`). Without it, nothing is logged. */
  readonly logger?: ((message: string) => void) | undefined;
  /** Logs every SQL query through `logger` (default false). */
  readonly debug?: boolean | undefined;
  /** PostgreSQL schema holding the tables (created when missing; default: the server's search path). */
  readonly schema?: string | undefined;
  /** Whether the factory applies pending migrations before returning (default true). */
  readonly migrate?: boolean | undefined;
  /**
   * Where binary files are stored: `local` (default) in the folder `<dataDir>/storage`, which several nodes must
   * then share; `database` in this database (`binary_file`, `binary_chunk`), shared by every node using it.
   */
  readonly storage?: StorageKind | undefined;
  /** URI prefix of stored binary files (default `/var/site/storage`). */
  readonly storageUriPrefix?: string | undefined;
  /** Time source of session expiry and of stored files' dates (default: core's `systemClock`). */
  readonly clock?: Clock | undefined;
  /**
   * The repository's field types (default: core's built-in ones). The search handler takes from them the search
   * families of a Field target whose types a query does not list; pass the registry the repository uses.
   */
  readonly fieldTypes?: FieldTypeRegistry | undefined;
  /**
   * How long a start waits for the start lock, held by another node migrating or seeding, in milliseconds
   * (default `DEFAULT_START_LOCK_TIMEOUT_MS`, 5 minutes).
   */
  readonly startLockTimeoutMs?: number | undefined;
  /** PostgreSQL: when the change feed reconnects and checks its connection (see `ChangeFeedTimings`). */
  readonly changeFeed?: ChangeFeedTimings | undefined;
  /** Receives what goes wrong at run time without failing a request (the change feed lost its connection). */
  readonly warn?: ChangeFeedWarn | undefined;
  /**
   * SQLite: carries announcements to and from the other processes on the same database file (the server's
   * workers); without it the feed is in-process only. Ignored on PostgreSQL, whose `NOTIFY` reaches every process.
   */
  readonly changeRelay?: ChangeRelay | undefined;
  /** SQLite: how long a write waits for another process holding the database's write lock, in ms (default 5000). */
  readonly busyTimeoutMs?: number | undefined;
  /**
   * Told of every statement the store runs, with its duration (e.g. the server's query-duration histogram); see
   * {@link QueryObserver}. Absent (the default), statements are not timed at all.
   */
  readonly onQuery?: QueryObserver | undefined;
  /**
   * Receives the driver layer's messages (a pooled connection lost, deprecations) with their level, instead of
   * the driver's own coloured console output. Without it they go to `warn` (debug messages are dropped).
   */
  readonly driverLog?: DriverLog | undefined;
  /**
   * Domain events: how long numbered events are kept (`retentionMs`, default 7 days), how often the relay sweeps
   * (`sweepMs`, default 5 s) and subscriptions poll (`pollMs`, default 1 s); see `EventLog`.
   */
  readonly events?: { readonly retentionMs?: number | undefined; readonly sweepMs?: number | undefined; readonly pollMs?: number | undefined } | undefined;
}

/** Work waiting in the events outbox, from {@link Persistence.outboxDepth}. */
export interface OutboxDepth {
  /** Domain events committed but not yet numbered (`domain_event` rows whose `seq` is null). */
  readonly unnumberedEvents: number;
  /** Webhook deliveries still to be tried (`webhook_delivery` rows whose `status` is `pending`). */
  readonly pendingDeliveries: number;
}

/** The BinaryStorage adapters {@link createPersistence} can build (`STORAGE`). */
export type StorageKind = 'local' | 'database';

/** An open persistence: the SPI implementations over one database connection pool. */
export interface Persistence {
  readonly persistence: PersistenceHandler;
  readonly seedImporter: SeedImporter;
  readonly sessions: SessionStore;
  readonly storage: BinaryStorage;
  /** Registered webhooks, their delivery log, and the fan-out and claims of the delivering nodes. */
  readonly webhooks: SqlWebhookStore;
  readonly driver: 'sqlite' | 'postgresql';
  /**
   * The connection pool (MikroORM's knex instance; PostgreSQL connections use the configured schema), for edge
   * components that keep their own small shared state in the same database, such as the login throttling counters
   * (rate-limiter-flexible's `RateLimiterPostgres`, `storeType: 'knex'`). Never for the repository's tables.
   */
  readonly knex: Knex;
  /**
   * Announcements of the committed writes of every node sharing the database: each aggregate a transaction
   * locked, and each deleted session. PostgreSQL: `LISTEN`/`NOTIFY` on the channel of the schema, one dedicated
   * connection opened by the first subscriber; SQLite: in-process after `COMMIT`, and through `changeRelay` to the
   * other processes on the same file.
   */
  readonly changes: StoreChangeFeed;
  /**
   * The domain events of every node sharing the database, in their published order: `subscribe` for in-process
   * readers, `read` by `seq`, `onPublished` to be woken when events are numbered, and the relay and retention
   * behind them (`start()` begins the periodic sweep; each commit that recorded events triggers the relay).
   */
  readonly events: EventLog;
  /** Applies pending migrations; idempotent (safe on every start, and across nodes on PostgreSQL). */
  migrate(): Promise<void>;
  /**
   * Asks the database which of this build's migrations it lacks (all of them when its migrations table is gone):
   * an empty list means the database answers and its schema is current.
   * @throws the driver's error when the database does not answer (closed, unreachable, dropped connection).
   */
  pendingMigrations(): Promise<string[]>;
  /**
   * Runs `work` — typically `migrate()` and the clean-install seed — while holding the database's start lock, so
   * that nodes starting together on one database do it one after the other (PostgreSQL: a session advisory lock
   * keyed by the schema; SQLite: an exclusive lock of the file `contentrepo.sqlite.start-lock`).
   * @throws Error when the lock is not obtained within `startLockTimeoutMs`, and what `work` throws.
   */
  withStartLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Counts the work waiting in the events outbox (two `COUNT(*)` queries; for a metrics scrape, not a hot path).
   * @throws the driver's error when the database does not answer.
   */
  outboxDepth(): Promise<OutboxDepth>;
  /**
   * Writes the whole repository — rows of every repository table with their ids, and every stored binary file — as
   * a portable archive (gzip'd tar; docs/adr/0030-portable-archive.md) to `output`, streamed in bounded memory,
   * from one consistent snapshot; `output` is ended when done. Readable by {@link Persistence.importArchive} of
   * the same build on either engine.
   * @throws ArchiveError `incompatible` when the database is not migrated to this build; the output's or the
   *   database's error otherwise (`output` is destroyed).
   */
  exportArchive(output: Writable, options?: ExportArchiveOptions): Promise<ArchiveSummary>;
  /**
   * Replaces the repository by the archive read from `input`, in one transaction (nothing changes when it fails),
   * ids preserved so that every href answers as before; sessions are dropped; the caches of every node are told
   * to flush (PostgreSQL: a `flush` on the change feed; SQLite: this process only — restart other servers on the
   * file). Only an empty repository, or one holding nothing but untouched clean-install data, is replaced unless
   * `force` is set.
   * @throws ArchiveError `corrupt`, `incompatible` (format version or schema) or `not-empty`.
   */
  importArchive(input: Readable, options?: ImportArchiveOptions): Promise<ArchiveSummary>;
  /** Stops the change feed and closes the connection pool. The handlers must not be used afterwards. */
  close(): Promise<void>;
}

/**
 * Opens the database selected by `databaseUrl` and returns the SPI implementations bound to it.
 *
 * The factory migrates by default (`migrate: false` skips it, e.g. for a separate migration step, or to migrate
 * and seed under one `withStartLock`): every caller needs an up-to-date schema, and migrating is idempotent and
 * runs under the start lock. It never seeds: the composition root calls `seedImporter.isEmpty()` / `import()`
 * with the clean-install seed (under `withStartLock`).
 *
 * @throws the driver's error when the database cannot be opened or a migration fails (the pool is closed then).
 */
export async function createPersistence(options: PersistenceOptions): Promise<Persistence> {
  const warn = options.warn;
  const driverLog: DriverLog | undefined =
    options.driverLog ?? (warn ? (level, message) => (level === 'debug' ? undefined : warn(message)) : undefined);
  const config = createOrmConfig({ ...options, driverLog });
  const orm = await openOrm(config);
  const root = SqlContext.root(options.onQuery ? timedDatabase(orm.database, options.onQuery) : orm.database, orm.knex);
  const migrateNow = (): Promise<void> => migrate(orm, config, root);
  const startLocked = <T>(work: () => Promise<T>): Promise<T> => withStartLock(orm.knex.client, config, work, options.startLockTimeoutMs);
  let changes: LocalChangeFeed | PostgresChangeFeed;
  let events: EventLog;
  try {
    if (options.migrate ?? true) await startLocked(migrateNow);
    changes = await openChangeFeed(orm, config, root, options);
    events = await openEventLog(changes, root, config, options);
  } catch (error) {
    await orm.close();
    throw error;
  }
  const storage =
    options.storage === 'database'
      ? new DatabaseBinaryStorage(root, { uriPrefix: options.storageUriPrefix, clock: options.clock })
      : new LocalBinaryStorage({ root: join(options.dataDir, 'storage'), uriPrefix: options.storageUriPrefix });
  const feed = changes;
  return {
    persistence: new SqlPersistenceHandler(root, options.fieldTypes ?? createDefaultFieldTypeRegistry(), changes, (numberedUpTo) => {
      if (numberedUpTo === null) events.trigger();
      else events.wake(numberedUpTo);
    }),
    seedImporter: new SqlSeedImporter(root),
    sessions: new SqlSessionStore(root, options.clock ?? systemClock, changes),
    storage,
    webhooks: new SqlWebhookStore(root),
    driver: orm.dialect,
    knex: orm.knex,
    changes,
    events,
    migrate: migrateNow,
    pendingMigrations: () => pendingMigrations(root),
    outboxDepth: () => outboxDepth(root),
    withStartLock: startLocked,
    exportArchive: (output, exportOptions) => writeArchive(root, storage, output, exportOptions),
    importArchive: (input, importOptions) => readArchive(root, storage, input, importOptions ?? {}, (tx) => announceFlush(tx, feed)),
    close: async () => {
      await events.close();
      await changes.close();
      await orm.close();
    },
  };
}

/** See {@link Persistence.outboxDepth}. */
async function outboxDepth(root: SqlContext): Promise<OutboxDepth> {
  const [events] = await root.rawRows('SELECT COUNT(*) AS n FROM domain_event WHERE seq IS NULL');
  const [deliveries] = await root.rawRows("SELECT COUNT(*) AS n FROM webhook_delivery WHERE status = 'pending'");
  return { unnumberedEvents: events?.int('n') ?? 0, pendingDeliveries: deliveries?.int('n') ?? 0 };
}

/**
 * Tells every cache that anything may have changed, once `tx` commits: PostgreSQL `NOTIFY` of a `flush` on the
 * schema's channel (every node listening); SQLite the process's own feed (other processes are not reached).
 */
async function announceFlush(tx: SqlContext, changes: LocalChangeFeed | PostgresChangeFeed): Promise<void> {
  if (changes instanceof LocalChangeFeed) {
    tx.afterCommit(() => changes.emit({ kind: 'flush' }));
    return;
  }
  const schema = (await tx.rawRows('SELECT current_schema() AS name'))[0]?.strOrNull('name') ?? 'public';
  await tx.run('SELECT pg_notify(?, ?)', [changeChannel(schema), 'flush']);
}

/** The change feed of a store: in-process on SQLite (and relayed, with `changeRelay`); on PostgreSQL on the channel of the store's schema. */
async function openChangeFeed(orm: OpenOrm, config: OrmConfig, root: SqlContext, options: PersistenceOptions): Promise<LocalChangeFeed | PostgresChangeFeed> {
  if (config.driver === 'sqlite') return new LocalChangeFeed(options.warn, options.changeRelay);
  const schema = config.schema ?? (await root.rawRows('SELECT current_schema() AS name'))[0]?.strOrNull('name') ?? 'public';
  return new PostgresChangeFeed({ ...options.changeFeed, client: orm.knex.client, channel: changeChannel(schema), warn: options.warn });
}

/**
 * The event log of a store; on PostgreSQL its relay notifies the events channel of the store's schema, which the
 * change feed's connection listens to and passes to every reader of this node.
 */
async function openEventLog(
  changes: LocalChangeFeed | PostgresChangeFeed,
  root: SqlContext,
  config: OrmConfig,
  options: PersistenceOptions,
): Promise<EventLog> {
  const settings = { ...options.events, warn: options.warn };
  if (!(changes instanceof PostgresChangeFeed)) return new EventLog(root, settings);
  // The configured schema may not exist yet (it is created by the first migration): `current_schema()` would
  // then name the next schema of the search path.
  const configured = config.driver === 'sqlite' ? undefined : config.schema;
  const schema = configured ?? (await root.rawRows('SELECT current_schema() AS name'))[0]?.strOrNull('name') ?? 'public';
  const channel = eventsChannel(schema);
  const log = new EventLog(root, { ...settings, notifyChannel: channel });
  changes.followEvents(channel, (lastSeq) => log.wake(lastSeq));
  return log;
}
