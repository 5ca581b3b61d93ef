import type { Knex } from '@mikro-orm/knex';

/** The part of a better-sqlite3 statement this package uses. */
interface SqliteStatement {
  readonly reader: boolean;
  all(...parameters: unknown[]): unknown[];
  run(...parameters: unknown[]): { readonly changes: number };
}

/** The part of a better-sqlite3 database connection this package uses. */
interface SqliteDatabase {
  readonly open: boolean;
  readonly inTransaction: boolean;
  prepare(sql: string): SqliteStatement;
}

function isSqliteDatabase(value: unknown): value is SqliteDatabase {
  return (
    typeof value === 'object' &&
    value !== null &&
    'prepare' in value &&
    typeof value.prepare === 'function' &&
    'inTransaction' in value &&
    'open' in value
  );
}

/** Prepared statements kept per SQL text (IN lists of varying length make many; the cache is bounded). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Direct execution on SQLite's single connection, bypassing knex's pool round trip (queries are still built and
 * compiled by knex; only execution is direct, through cached better-sqlite3 prepared statements). better-sqlite3
 * is synchronous, so a direct statement never interleaves with another one.
 *
 * Isolation rule (enforced by `SqlContext`): a statement outside any transaction runs directly only while no
 * transaction is open on the connection (`!inTransaction`), otherwise it waits for the pool like before; a
 * statement of a transaction runs directly because that transaction owns the connection.
 */
export class DirectSqlite {
  private readonly statements = new Map<string, SqliteStatement>();

  private constructor(private readonly db: SqliteDatabase) {}

  /**
   * Captures the connection of a SQLite knex pool (min = max = 1, so it is the only one).
   * @returns null when the pooled object is not a better-sqlite3 database.
   */
  static async capture(kx: Knex): Promise<DirectSqlite | null> {
    const client: Knex.Client = kx.client;
    const connection: unknown = await client.acquireConnection();
    await client.releaseConnection(connection);
    return isSqliteDatabase(connection) ? new DirectSqlite(connection) : null;
  }

  /** Whether the connection can run a statement outside any transaction right now. */
  get idle(): boolean {
    return this.db.open && !this.db.inTransaction;
  }

  /** Whether the connection is inside a transaction (the one of the calling context, see the class rule). */
  get inTransaction(): boolean {
    return this.db.open && this.db.inTransaction;
  }

  /** Rows of a reading statement, or [] after running a writing one. */
  all(sql: string, bindings: readonly unknown[]): unknown[] {
    const statement = this.prepare(sql);
    const parameters = bindings.map(toSqliteValue);
    if (statement.reader) return statement.all(...parameters);
    statement.run(...parameters);
    return [];
  }

  /** Runs a statement; returns the number of changed rows (0 for reading statements). */
  run(sql: string, bindings: readonly unknown[]): number {
    const statement = this.prepare(sql);
    const parameters = bindings.map(toSqliteValue);
    if (statement.reader) {
      statement.all(...parameters);
      return 0;
    }
    return statement.run(...parameters).changes;
  }

  private prepare(sql: string): SqliteStatement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/** Binding conversion as knex's better-sqlite3 client does it: booleans as 1/0, Dates as milliseconds. */
function toSqliteValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.valueOf();
  return value;
}
