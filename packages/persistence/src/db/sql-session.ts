import type { Dialect } from './dialect.js';

/** A value bound to a statement parameter (what the row encoders produce); bytes columns take a Buffer. */
export type SqlValue = string | number | boolean | Buffer | null;

/**
 * Rows as arrays of column values, with each column's position by name (a name given twice is its last column, as
 * in a record): how the SQLite session hands rows over, cheaper than an object per row.
 */
export interface RowArrays {
  readonly columns: ReadonlyMap<string, number>;
  /** Each row an array of values in column order. */
  readonly rows: readonly unknown[];
}

/** A statement's rows as a session returns them: records (column name → value), or {@link RowArrays}. */
export type RowsData = readonly unknown[] | RowArrays;

/**
 * Where statements run: the connection of one transaction, or the store outside any transaction. SQL text is in
 * the dialect's own placeholder syntax (`?` on SQLite, `$1…$n` on PostgreSQL); see `statement.ts`.
 */
export interface SqlSession {
  /**
   * Rows of a statement that returns rows (SELECT, or a write with RETURNING); [] for other statements.
   * `reused`: the text is one of a bounded set run again and again (a precompiled statement), worth keeping
   * prepared on the server side (PostgreSQL named statements; SQLite caches every statement anyway).
   */
  all(sql: string, params: readonly unknown[], reused?: boolean): Promise<RowsData>;
  /** Runs a statement; returns the number of rows it changed (0 for statements returning rows). */
  run(sql: string, params: readonly unknown[], reused?: boolean): Promise<number>;
}

/**
 * A database as {@link SqlContext} uses it: a session for statements outside any transaction, and transactions.
 * Implemented by `SqliteDatabase` (the single better-sqlite3 connection) and `PostgresDatabase` (the pool).
 */
export interface SqlDatabase {
  readonly dialect: Dialect;
  /** Statements outside any transaction (each one on its own, autocommitted). */
  readonly root: SqlSession;
  /**
   * Runs `work` in a new database transaction: committed when `work` resolves, rolled back when it rejects (the
   * rejection is rethrown).
   */
  transaction<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
}
