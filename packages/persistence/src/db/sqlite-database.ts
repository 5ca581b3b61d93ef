import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from '@mikro-orm/knex';
import { Gate } from './gate.js';
import type { RowsData, SqlDatabase, SqlSession } from './sql-session.js';

/** The part of a better-sqlite3 statement this package uses. */
interface SqliteStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): { readonly changes: number };
  /** Rows as arrays of values in column order from now on (`all`). */
  raw(toggle: boolean): unknown;
  columns(): readonly { readonly name: string }[];
}

/**
 * A prepared statement; for a statement returning rows (`reader`) in raw mode, with the position of each result
 * column by name (the last of a name given twice, as better-sqlite3's row objects have it).
 */
interface PreparedStatement {
  readonly statement: SqliteStatement;
  readonly columns: ReadonlyMap<string, number> | null;
}

/** DDL changes result columns (`SELECT *`): prepared statements are dropped after it. */
const SCHEMA_CHANGE = /^\s*(?:CREATE|DROP|ALTER)\b/i;

/** The part of a better-sqlite3 database connection this package uses. */
interface SqliteConnection {
  readonly open: boolean;
  readonly inTransaction: boolean;
  prepare(sql: string): SqliteStatement;
}

function isSqliteConnection(value: unknown): value is SqliteConnection {
  return (
    typeof value === 'object' &&
    value !== null &&
    'prepare' in value &&
    typeof value.prepare === 'function' &&
    'inTransaction' in value &&
    'open' in value
  );
}

/** Longest pause between two attempts to take the write lock another process holds, in ms. */
const BUSY_RETRY_MAX_DELAY_MS = 8;

/** Whether `error` is SQLite's "database is locked" (another connection holds the lock wanted). */
function isBusy(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && error.code.startsWith('SQLITE_BUSY');
}

/** Prepared statements kept per SQL text (IN lists and multi-row inserts of varying length make many; bounded). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * SQLite on its single better-sqlite3 connection, bypassing knex and MikroORM at run time: statements run
 * synchronously through cached prepared statements, and transactions are `BEGIN IMMEDIATE` … `COMMIT` on the
 * connection itself.
 *
 * Isolation: the connection is shared, so a {@link Gate} serialises its users. A transaction holds the gate from
 * BEGIN to COMMIT/ROLLBACK (concurrent transactions queue, never interleave); a statement outside any transaction
 * runs at once when the gate is idle and otherwise waits for it, so it never sees uncommitted writes. (Root
 * handlers called inside a transaction's async scope join that transaction in `SqlContext` and never get here.)
 * knex's pool still owns the connection; it is used only by migrations, which run under the gate
 * ({@link SqliteDatabase.exclusive}).
 */
export class SqliteDatabase implements SqlDatabase {
  readonly dialect = 'sqlite';
  readonly root: SqlSession;
  private readonly gate = new Gate();
  private readonly statements = new Map<string, PreparedStatement>();
  private readonly transactionSession: SqlSession;

  private constructor(
    private readonly db: SqliteConnection,
    private readonly busyTimeoutMs: number,
  ) {
    this.root = {
      all: (sql, params) => (this.gate.idle ? settle(() => this.all(sql, params)) : this.gate.run(() => this.all(sql, params))),
      run: (sql, params) => (this.gate.idle ? settle(() => this.change(sql, params)) : this.gate.run(() => this.change(sql, params))),
    };
    this.transactionSession = {
      all: (sql, params) => settle(() => this.inOpenTransaction(() => this.all(sql, params))),
      run: (sql, params) => settle(() => this.inOpenTransaction(() => this.change(sql, params))),
    };
  }

  /**
   * Captures the connection of a SQLite knex pool (min = max = 1, so it is the only one).
   * @returns null when the pooled object is not a better-sqlite3 database.
   */
  static async capture(kx: Knex): Promise<SqliteDatabase | null> {
    const client: Knex.Client = kx.client;
    const connection: unknown = await client.acquireConnection();
    await client.releaseConnection(connection);
    if (!isSqliteConnection(connection)) return null;
    const [setting] = connection.prepare('PRAGMA busy_timeout').all([]);
    const timeout = typeof setting === 'object' && setting !== null && 'timeout' in setting ? Number(setting.timeout) : 0;
    return new SqliteDatabase(connection, Number.isFinite(timeout) ? timeout : 0);
  }

  /**
   * Runs `work` in `BEGIN IMMEDIATE` … `COMMIT` once no other transaction or statement holds the connection and
   * no other process holds the database's write lock (see {@link begin}).
   * @throws the `SQLITE_BUSY` error when another process held the write lock for longer than the busy timeout.
   */
  async transaction<T>(work: (session: SqlSession) => Promise<T>): Promise<T> {
    await this.begin();
    try {
      let result: T;
      try {
        result = await work(this.transactionSession);
        this.change('COMMIT', []);
      } catch (error) {
        if (this.db.inTransaction) this.change('ROLLBACK', []);
        throw error;
      }
      return result;
    } finally {
      this.gate.release();
    }
  }

  /**
   * Takes the gate and starts the write transaction (`BEGIN IMMEDIATE` takes SQLite's write lock, the one lock
   * writers of every process on the file share). When another process (a worker of the same server) holds it,
   * SQLite's busy handler would sleep in this thread, stopping every request of this process; instead the attempt
   * is made with no busy wait, and on `SQLITE_BUSY` the gate is released — this process's reads go on — and the
   * attempt repeated after 1, 2, 4, then every 8 ms, until the connection's busy timeout has passed.
   */
  private async begin(): Promise<void> {
    const deadline = Date.now() + this.busyTimeoutMs;
    let delay = 1;
    for (;;) {
      if (this.gate.idle) this.gate.take();
      else await this.gate.acquire();
      try {
        this.beginWithoutWaiting();
        return;
      } catch (error) {
        this.gate.release();
        if (!isBusy(error) || Date.now() >= deadline) throw error;
      }
      await sleep(delay);
      delay = Math.min(delay * 2, BUSY_RETRY_MAX_DELAY_MS);
    }
  }

  /** `BEGIN IMMEDIATE` failing at once with `SQLITE_BUSY` when the write lock is held elsewhere. */
  private beginWithoutWaiting(): void {
    if (this.busyTimeoutMs === 0) {
      this.change('BEGIN IMMEDIATE', []);
      return;
    }
    this.change('PRAGMA busy_timeout = 0', []);
    try {
      this.change('BEGIN IMMEDIATE', []);
    } finally {
      this.change(`PRAGMA busy_timeout = ${Math.floor(this.busyTimeoutMs)}`, []);
    }
  }

  /** Runs `work` (e.g. migrations through knex's pool) while no transaction or statement of this store runs. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    // The work may change the schema (migrations): statements prepared before are prepared again after it.
    return this.gate.run(() => work().finally(() => this.statements.clear()));
  }

  private inOpenTransaction<T>(statement: () => T): T {
    // SQLite may roll a transaction back by itself (e.g. SQLITE_FULL); never continue in autocommit mode then.
    if (!this.db.inTransaction) throw new Error('The SQLite transaction is no longer active');
    return statement();
  }

  /** Rows as arrays (`RowArrays`: no object per row, the cheapest form better-sqlite3 returns); [] for writes. */
  private all(sql: string, params: readonly unknown[]): RowsData {
    const { statement, columns } = this.prepare(sql);
    const parameters = toSqliteValues(params);
    if (columns !== null) return { columns, rows: statement.all(parameters) };
    statement.run(parameters);
    this.afterWrite(sql);
    return [];
  }

  private change(sql: string, params: readonly unknown[]): number {
    const { statement, columns } = this.prepare(sql);
    const parameters = toSqliteValues(params);
    if (columns !== null) {
      statement.all(parameters);
      return 0;
    }
    const { changes } = statement.run(parameters);
    this.afterWrite(sql);
    return changes;
  }

  /** Drops the prepared statements after a schema change (their result columns may have changed). */
  private afterWrite(sql: string): void {
    if (SCHEMA_CHANGE.test(sql)) this.statements.clear();
  }

  private prepare(sql: string): PreparedStatement {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.clear();
      const statement = this.db.prepare(sql);
      let columns: Map<string, number> | null = null;
      if (statement.reader) {
        statement.raw(true);
        columns = new Map(statement.columns().map((column, index) => [column.name, index]));
      }
      prepared = { statement, columns };
      this.statements.set(sql, prepared);
    }
    return prepared;
  }
}

/** The result of a synchronous call as a promise (a thrown error becomes a rejection). */
function settle<T>(call: () => T): Promise<T> {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Binding conversion as knex's better-sqlite3 client does it: booleans as 1/0, Dates as milliseconds. */
function toSqliteValues(params: readonly unknown[]): readonly unknown[] {
  let converted: unknown[] | null = null;
  for (let index = 0; index < params.length; index++) {
    const value = params[index];
    if (typeof value !== 'boolean' && !(value instanceof Date)) continue;
    converted ??= [...params];
    converted[index] = typeof value === 'boolean' ? (value ? 1 : 0) : value.valueOf();
  }
  return converted ?? params;
}
