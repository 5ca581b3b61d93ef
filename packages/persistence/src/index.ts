/**
 * @contentrepo/persistence — the persistence adapter of contentrepo: core's SPI (PersistenceHandler with one
 * handler per aggregate, SearchHandler, SeedImporter, SessionStore, BinaryStorage) on MikroORM 6 with SQLite
 * (better-sqlite3, embedded default) or PostgreSQL (selected by `DATABASE_URL`).
 */
import { join } from 'node:path';
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
import { createOrmConfig } from './orm-config.js';
import { SqlContext } from './db/sql-context.js';
import { SqlPersistenceHandler } from './handlers/sql-persistence-handler.js';
import { migrate } from './migrate.js';
import { openOrm } from './orm.js';
import { SqlSeedImporter } from './seed/sql-seed-importer.js';
import { SqlSessionStore } from './sessions/sql-session-store.js';
import { DatabaseBinaryStorage } from './storage/database-binary-storage.js';
import { LocalBinaryStorage } from './storage/local-binary-storage.js';

export { createOrmConfig, isPostgresUrl, SQLITE_FILENAME, type OrmConfig, type OrmConfigOptions } from './orm-config.js';
export { ID_SEQUENCES, SCHEMA, TABLES, type SchemaDescription, type TableDescription, type TableRef } from './schema/index.js';
export { MIGRATIONS } from './migrations/index.js';
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

/** Options of {@link createPersistence}. */
export interface PersistenceOptions {
  /**
   * `DATABASE_URL`: `postgres://…` / `postgresql://…` selects PostgreSQL; absent (or anything else) selects the
   * SQLite file `<dataDir>/contentrepo.sqlite`.
   */
  readonly databaseUrl?: string | undefined;
  /** Data directory: the SQLite file and `storage/` (binary files) live here; created when missing. */
  readonly dataDir: string;
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
}

/** The BinaryStorage adapters {@link createPersistence} can build (`STORAGE`). */
export type StorageKind = 'local' | 'database';

/** An open persistence: the SPI implementations over one database connection pool. */
export interface Persistence {
  readonly persistence: PersistenceHandler;
  readonly seedImporter: SeedImporter;
  readonly sessions: SessionStore;
  readonly storage: BinaryStorage;
  readonly driver: 'sqlite' | 'postgresql';
  /** Applies pending migrations; idempotent (safe on every start, and across nodes on PostgreSQL). */
  migrate(): Promise<void>;
  /** Closes the connection pool. The handlers must not be used afterwards. */
  close(): Promise<void>;
}

/**
 * Opens the database selected by `databaseUrl` and returns the SPI implementations bound to it.
 *
 * The factory migrates by default (`migrate: false` skips it, e.g. for a separate migration step): every caller
 * needs an up-to-date schema, and migrating is idempotent and serialised across nodes. It never seeds: the
 * composition root calls `seedImporter.isEmpty()` / `import()` with the clean-install seed.
 *
 * @throws the driver's error when the database cannot be opened or a migration fails (the pool is closed then).
 */
export async function createPersistence(options: PersistenceOptions): Promise<Persistence> {
  const config = createOrmConfig(options);
  const orm = await openOrm(config);
  const root = SqlContext.root(orm.database, orm.knex);
  const migrateNow = (): Promise<void> => migrate(orm, config, root);
  if (options.migrate ?? true) {
    try {
      await migrateNow();
    } catch (error) {
      await orm.close();
      throw error;
    }
  }
  return {
    persistence: new SqlPersistenceHandler(root, options.fieldTypes ?? createDefaultFieldTypeRegistry()),
    seedImporter: new SqlSeedImporter(root),
    sessions: new SqlSessionStore(root, options.clock ?? systemClock),
    storage:
      options.storage === 'database'
        ? new DatabaseBinaryStorage(root, { uriPrefix: options.storageUriPrefix, clock: options.clock })
        : new LocalBinaryStorage({ root: join(options.dataDir, 'storage'), uriPrefix: options.storageUriPrefix }),
    driver: orm.dialect,
    migrate: migrateNow,
    close: () => orm.close(),
  };
}
