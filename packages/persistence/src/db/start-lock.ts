import type { Knex } from '@mikro-orm/knex';
import type { OrmConfig } from '../orm-config.js';
import { isRecord } from './row.js';

/** How long a start waits for another node's migrations and seeding by default (5 minutes). */
export const DEFAULT_START_LOCK_TIMEOUT_MS = 300_000;

/** SQLite: how often a start waiting for the lock tries again (milliseconds). */
const SQLITE_POLL_MS = 50;

/** The part of a `pg` client the PostgreSQL start lock uses. */
interface PgLockConnection {
  query(config: { readonly text: string; readonly values: readonly unknown[] }): Promise<unknown>;
}

/** The part of a better-sqlite3 connection the SQLite start lock uses. */
interface SqliteLockConnection {
  exec(sql: string): unknown;
  close(): unknown;
}

type SqliteOpen = new (filename: string, options: { readonly timeout: number }) => unknown;

function isPgLockConnection(value: unknown): value is PgLockConnection {
  return isRecord(value) && typeof value['query'] === 'function';
}

function isSqliteLockConnection(value: unknown): value is SqliteLockConnection {
  return isRecord(value) && typeof value['exec'] === 'function' && typeof value['close'] === 'function';
}

/**
 * Runs `work` (migrations and the clean-install seed) while holding the start lock of the database, so that
 * nodes starting together on one database migrate and seed one after the other: the first seeds, the others
 * then find the repository seeded.
 * - PostgreSQL: a session-level `pg_advisory_lock` on a dedicated connection (outside the pool, which `work`
 *   uses), keyed by the schema name; released after `work`, and by PostgreSQL if the node dies.
 * - SQLite: an exclusive transaction on the lock file `<database file>.start-lock` (a separate SQLite file: a
 *   lock on the database itself would block `work`); released after `work`, and by the operating system if the
 *   process dies. The file stays; it holds no data.
 * @throws Error when the lock is not obtained within `timeoutMs` (PostgreSQL: `lock_timeout`), and what `work` throws.
 */
export async function withStartLock<T>(client: Knex.Client, config: OrmConfig, work: () => Promise<T>, timeoutMs = DEFAULT_START_LOCK_TIMEOUT_MS): Promise<T> {
  if (config.driver === 'sqlite') return withSqliteStartLock(client, `${config.filename}.start-lock`, work, timeoutMs);
  const connection: unknown = await client.acquireRawConnection();
  try {
    if (!isPgLockConnection(connection)) throw new Error('Unexpected PostgreSQL connection object (expected pg.Client)');
    const pg = connection;
    const key = `hashtext('contentrepo-start:' || coalesce($1::text, current_schema(), ''))`;
    await pg.query({ text: `SELECT set_config('lock_timeout', $1, false)`, values: [`${Math.max(1, Math.floor(timeoutMs))}ms`] });
    await pg.query({ text: `SELECT pg_advisory_lock(${key})`, values: [config.schema] });
    try {
      return await work();
    } finally {
      await pg.query({ text: `SELECT pg_advisory_unlock(${key})`, values: [config.schema] }).catch(() => undefined);
    }
  } finally {
    await client.destroyRawConnection(connection).catch(() => undefined);
  }
}

async function withSqliteStartLock<T>(client: Knex.Client, filename: string, work: () => Promise<T>, timeoutMs: number): Promise<T> {
  const open: unknown = client.driver;
  if (typeof open !== 'function') throw new Error('Unexpected SQLite driver (expected better-sqlite3)');
  // Never waits inside SQLite (timeout 0): a busy lock is retried here, so that this process's event loop runs on
  // (another start in the same process may be the holder).
  const connection: unknown = new (open as SqliteOpen)(filename, { timeout: 0 });
  if (!isSqliteLockConnection(connection)) throw new Error('Unexpected SQLite connection object (expected better-sqlite3)');
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        connection.exec('BEGIN EXCLUSIVE');
        break;
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (Date.now() >= deadline) throw new Error(`The start lock ${filename} was not obtained within ${timeoutMs} ms`, { cause: error });
        await new Promise((resolve) => setTimeout(resolve, SQLITE_POLL_MS));
      }
    }
    try {
      return await work();
    } finally {
      connection.exec('ROLLBACK');
    }
  } finally {
    connection.close();
  }
}

function isBusy(error: unknown): boolean {
  return isRecord(error) && typeof error['code'] === 'string' && error['code'].startsWith('SQLITE_BUSY');
}
