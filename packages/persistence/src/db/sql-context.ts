import type { Knex } from '@mikro-orm/knex';
import type { Dialect } from './dialect.js';
import { Row } from './row.js';
import type { SqlDatabase, SqlSession, SqlValue } from './sql-session.js';
import { numberPlaceholders, type Statement } from './statement.js';
import { TransactionScope } from './transaction-scope.js';

/** A knex query compiled to one dialect (SQL text in its placeholder syntax, bindings in order). */
export interface CompiledQuery {
  readonly sql: string;
  readonly bindings: readonly unknown[];
}

/** What one context runs statements on. */
interface Binding {
  readonly session: SqlSession;
  readonly inTransaction: boolean;
  /** For a transaction binding: whether the transaction is still running (handlers may outlive it). */
  open: boolean;
  /** For a transaction binding: what runs once it has committed ({@link SqlContext.afterCommit}). */
  readonly committed?: (() => void)[];
  /** For a transaction binding: what runs last inside it, before `COMMIT` ({@link SqlContext.beforeCommit}). */
  readonly committing?: (() => Promise<void>)[];
  /** For a transaction binding: values kept for its duration ({@link SqlContext.transactionLocal}). */
  readonly locals?: Map<object, unknown>;
}

/** Ad-hoc `?` statements converted to `$n` for PostgreSQL, kept per text (bounded). */
const numbered = new Map<string, string>();
const NUMBERED_CACHE_SIZE = 500;

const ended = (): Promise<never> => Promise.reject(new Error('The transaction of this context has already ended'));

/** The session of a binding whose transaction has ended: every statement is refused. */
const ENDED_SESSION: SqlSession = { all: ended, run: ended };

/**
 * What every handler runs on: the database (SQLite's connection or PostgreSQL's pool, see `sql-session.ts`), the
 * knex instance to build dynamic queries with (building only: statements never run through knex), and the dialect.
 *
 * Statements: hot paths run precompiled {@link Statement}s ({@link SqlContext.all}, {@link SqlContext.one},
 * {@link SqlContext.write}); dynamic queries (search, rare operations) are knex builders compiled per call
 * ({@link SqlContext.rows}, {@link SqlContext.exec}); ad-hoc SQL with `?` placeholders goes through
 * {@link SqlContext.rawRows} and {@link SqlContext.run}.
 *
 * Transaction rules:
 * - a context bound to a transaction runs every statement on that transaction; `atomic` joins it;
 * - the root context runs each statement on its own, and multi-statement writes open a transaction through
 *   `atomic`. Inside the async scope of a transaction started from it (see {@link SqlContext.transaction}), the
 *   root context joins that transaction too: a read through the root handlers while `work` runs sees the
 *   transaction's writes and, on SQLite, does not wait for the one connection the transaction holds (which would
 *   deadlock). Work outside that scope — other requests — is not affected: on SQLite it waits until the
 *   transaction ends (never seeing uncommitted writes), on PostgreSQL it runs on another pooled connection.
 */
export class SqlContext {
  private constructor(
    private readonly own: Binding,
    private readonly database: SqlDatabase,
    private readonly scope: TransactionScope<Binding>,
    /** The knex instance queries are built with (never executed through it). */
    readonly kx: Knex,
  ) {}

  /** The root context of a store: statements outside any transaction, builders on `kx`. */
  static root(database: SqlDatabase, kx: Knex): SqlContext {
    return new SqlContext({ session: database.root, inTransaction: false, open: true }, database, new TransactionScope(), kx);
  }

  get dialect(): Dialect {
    return this.database.dialect;
  }

  get inTransaction(): boolean {
    return this.binding().inTransaction;
  }

  /**
   * Runs `work` with a context bound to one transaction — the current one when there is one (joined), otherwise
   * a new database transaction (committed when `work` resolves, rolled back and rethrown when it rejects). On
   * SQLite concurrent transactions queue instead of interleaving.
   * @throws Error when this context is bound to a transaction that has ended.
   */
  transaction<T>(work: (ctx: SqlContext) => Promise<T>): Promise<T> {
    const current = this.binding();
    if (current.inTransaction) {
      if (!current.open) return ended();
      return work(this.bound(current));
    }
    const committed: (() => void)[] = [];
    return this.database
      .transaction((session) => {
        // A retried transaction starts over: what a failed attempt scheduled is dropped.
        committed.length = 0;
        const committing: (() => Promise<void>)[] = [];
        const binding: Binding = { session, inTransaction: true, open: true, committed, committing, locals: new Map() };
        const run = this.scope.run(binding, async () => {
          const result = await work(this.bound(binding));
          for (let index = 0; index < committing.length; index++) await committing[index]?.();
          return result;
        });
        return run.finally(() => {
          binding.open = false;
        });
      })
      .then((result) => {
        for (const callback of committed) callback();
        return result;
      });
  }

  /**
   * Runs `callback` once the current transaction has committed — never when it rolls back — or at once outside a
   * transaction. Callbacks run in the order they were added, after `COMMIT` and before the transaction's caller
   * resumes; they must not throw.
   */
  afterCommit(callback: () => void): void {
    const binding = this.binding();
    if (binding.committed === undefined) callback();
    else binding.committed.push(callback);
  }

  /**
   * Runs `callback` at the end of the current transaction, inside it, once its work has resolved and before
   * `COMMIT` (a rejection rolls the transaction back); callbacks run in the order they were added. Used to write
   * in one statement what the transaction gathered along the way (the outbox's events).
   * @throws Error outside a transaction, or on a context whose transaction has ended (programming errors).
   */
  beforeCommit(callback: () => Promise<void>): void {
    const binding = this.binding();
    if (binding.committing === undefined) throw new Error('SqlContext.beforeCommit: not in a transaction');
    // A callback added after the transaction ended would never run: what it writes would be lost silently.
    if (!binding.open) throw new Error('The transaction of this context has already ended');
    binding.committing.push(callback);
  }

  /**
   * The value kept under `key` for the current transaction, made by `create` on the first call of that
   * transaction (a retried transaction starts with none).
   * @throws Error outside a transaction, or on a context whose transaction has ended (programming errors).
   */
  transactionLocal<T>(key: object, create: () => T): T {
    const { locals, open } = this.binding();
    if (locals === undefined) throw new Error('SqlContext.transactionLocal: not in a transaction');
    if (!open) throw new Error('The transaction of this context has already ended');
    if (!locals.has(key)) locals.set(key, create());
    return locals.get(key) as T;
  }

  /** Runs `work` atomically (alias of {@link SqlContext.transaction}, for multi-statement writes of handlers). */
  atomic<T>(work: (ctx: SqlContext) => Promise<T>): Promise<T> {
    return this.transaction(work);
  }

  /** Rows of a precompiled statement. */
  async all<P extends readonly SqlValue[]>(statement: Statement<P>, params: NoInfer<P>): Promise<Row[]> {
    return Row.all(await this.session().all(statement.text(this.dialect), params, true), this.dialect);
  }

  /** The first row of a precompiled statement, or null. */
  async one<P extends readonly SqlValue[]>(statement: Statement<P>, params: NoInfer<P>): Promise<Row | null> {
    return Row.first(await this.session().all(statement.text(this.dialect), params, true), this.dialect);
  }

  /** Runs a precompiled writing statement; returns the number of changed rows. */
  write<P extends readonly SqlValue[]>(statement: Statement<P>, params: NoInfer<P>): Promise<number> {
    return this.session().run(statement.text(this.dialect), params, true);
  }

  /** Rows of a query builder (built on `kx`, compiled now). */
  rows(query: Knex.QueryBuilder): Promise<Row[]> {
    return this.rowsOf(this.compile(query));
  }

  /** Rows of a query compiled earlier by {@link SqlContext.compile} (on a context of the same dialect). */
  async rowsOf(query: CompiledQuery): Promise<Row[]> {
    return Row.all(await this.session().all(query.sql, query.bindings), this.dialect);
  }

  /** The first row of a query builder, or null. */
  async first(query: Knex.QueryBuilder): Promise<Row | null> {
    const rows = await this.rows(query.limit(1));
    return rows[0] ?? null;
  }

  /** Runs a writing query builder (insert, update, delete); returns the number of changed rows. */
  async exec(query: Knex.QueryBuilder): Promise<number> {
    const { sql, bindings } = this.compile(query);
    return this.session().run(sql, bindings);
  }

  /** Rows of an ad-hoc statement with `?` placeholders. */
  async rawRows(sql: string, bindings: readonly Knex.RawBinding[] = []): Promise<Row[]> {
    return Row.all(await this.session().all(this.native(sql), bindings), this.dialect);
  }

  /** Runs an ad-hoc statement with `?` placeholders whose result is not needed. */
  async run(sql: string, bindings: readonly Knex.RawBinding[] = []): Promise<void> {
    await this.session().run(this.native(sql), bindings);
  }

  /** A query builder compiled to this dialect's SQL text and bindings. */
  compile(query: Knex.QueryBuilder): CompiledQuery {
    const compiled = query.toSQL();
    const { sql, bindings } = this.dialect === 'sqlite' ? compiled : compiled.toNative();
    return { sql, bindings };
  }

  /** `?` placeholders in this dialect's syntax. */
  private native(sql: string): string {
    if (this.dialect === 'sqlite') return sql;
    let text = numbered.get(sql);
    if (text === undefined) {
      if (numbered.size >= NUMBERED_CACHE_SIZE) numbered.clear();
      text = numberPlaceholders(sql);
      numbered.set(sql, text);
    }
    return text;
  }

  private session(): SqlSession {
    const binding = this.binding();
    return binding.open ? binding.session : ENDED_SESSION;
  }

  private binding(): Binding {
    if (this.own.inTransaction) return this.own;
    const scoped = this.scope.current();
    return scoped !== undefined && scoped.open ? scoped : this.own;
  }

  private bound(binding: Binding): SqlContext {
    return binding === this.own ? this : new SqlContext(binding, this.database, this.scope, this.kx);
  }
}
