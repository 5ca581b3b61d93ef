import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex, SqlEntityManager } from '@mikro-orm/knex';
import type { Dialect } from './dialect.js';
import type { DirectSqlite } from './direct-sqlite.js';
import type { PreparedQuery } from './prepared-query.js';
import { isRecord, Row } from './row.js';

/** What one context runs statements on. */
interface Binding {
  readonly em: SqlEntityManager;
  readonly kx: Knex;
  readonly inTransaction: boolean;
  /** For a transaction binding: whether the transaction is still running (handlers may outlive it). */
  open: boolean;
}

/**
 * What every handler runs on: the MikroORM EntityManager, the knex instance to build queries with (the root knex,
 * or the knex transaction when bound to one) and the dialect.
 *
 * Transaction rules:
 * - a context bound to a transaction runs every statement on that transaction; `atomic` joins it;
 * - the root context runs each statement on its own, and multi-statement writes open a transaction through
 *   `atomic`. Inside the async scope of a transaction started from it (see {@link SqlContext.transaction}), the
 *   root context joins that transaction too: a read through the root handlers while `work` runs sees the
 *   transaction's writes and, on SQLite, does not wait for the one connection the transaction holds (which would
 *   deadlock). Work outside that scope — other requests — is not affected.
 *
 * Execution: every statement is built with knex. On SQLite it is executed directly on the connection
 * ({@link DirectSqlite}) when that is safe — inside the transaction owning the connection, or outside any
 * transaction while none is open — and through knex's pool otherwise (which then waits for the transaction).
 */
export class SqlContext {
  private constructor(
    private readonly own: Binding,
    readonly dialect: Dialect,
    private readonly scope: AsyncLocalStorage<Binding>,
    private readonly direct: DirectSqlite | null,
  ) {}

  /** The root context of a store: statements on the root knex of `em` (and `direct` on SQLite, when given). */
  static root(em: SqlEntityManager, dialect: Dialect, direct: DirectSqlite | null = null): SqlContext {
    return new SqlContext({ em, kx: em.getKnex(), inTransaction: false, open: true }, dialect, new AsyncLocalStorage<Binding>(), direct);
  }

  get em(): SqlEntityManager {
    return this.binding().em;
  }

  get kx(): Knex {
    return this.binding().kx;
  }

  get inTransaction(): boolean {
    return this.binding().inTransaction;
  }

  /**
   * Runs `work` with a context bound to one transaction — the current one when there is one (joined), otherwise
   * a new MikroORM transaction (`em.transactional`: committed when `work` resolves, rolled back and rethrown
   * when it rejects). SQLite has one connection, so concurrent transactions queue instead of interleaving.
   */
  async transaction<T>(work: (ctx: SqlContext) => Promise<T>): Promise<T> {
    const current = this.binding();
    if (current.inTransaction) return work(this.bound(current));
    let binding: Binding | undefined;
    try {
      return await current.em.transactional((em) => {
        const trx = em.getTransactionContext<Knex.Transaction>();
        if (!trx) throw new Error('em.transactional gave no transaction context');
        binding = { em, kx: trx, inTransaction: true, open: true };
        const bound = binding;
        return this.scope.run(bound, () => work(this.bound(bound)));
      });
    } finally {
      if (binding) binding.open = false;
    }
  }

  /** Runs `work` atomically (alias of {@link SqlContext.transaction}, for multi-statement writes of handlers). */
  atomic<T>(work: (ctx: SqlContext) => Promise<T>): Promise<T> {
    return this.transaction(work);
  }

  /** Rows of a query builder (built on this context's `kx`). */
  async rows(query: Knex.QueryBuilder): Promise<Row[]> {
    const direct = this.directNow();
    if (direct) {
      const { sql, bindings } = query.toSQL();
      return Row.all(direct.all(sql, bindings), this.dialect);
    }
    const result: unknown = await query;
    return Row.all(result, this.dialect);
  }

  /** Rows of a prepared query with `args` (compiled once per dialect, see {@link PreparedQuery}). */
  prepared(query: PreparedQuery, args: readonly Knex.Value[]): Promise<Row[]> {
    const { sql, bindings } = query.statement(this.kx, this.dialect, args);
    return this.rawRows(sql, bindings);
  }

  /** Runs a writing query builder (insert, update, delete); returns the number of changed rows when known. */
  async exec(query: Knex.QueryBuilder): Promise<number> {
    const direct = this.directNow();
    if (direct) {
      const { sql, bindings } = query.toSQL();
      return direct.run(sql, bindings);
    }
    const result: unknown = await query;
    return typeof result === 'number' ? result : 0;
  }

  /** The first row of a query builder, or null. */
  async first(query: Knex.QueryBuilder): Promise<Row | null> {
    const rows = await this.rows(query.limit(1));
    return rows[0] ?? null;
  }

  /** Rows of a raw statement (`?` placeholders; knex rewrites them per dialect). */
  async rawRows(sql: string, bindings: readonly Knex.RawBinding[] = []): Promise<Row[]> {
    const direct = this.directNow();
    if (direct) return Row.all(direct.all(sql, bindings), this.dialect);
    const result: unknown = await this.kx.raw(sql, bindings);
    if (this.dialect === 'postgresql') {
      if (!isRecord(result)) throw new Error('Unexpected PostgreSQL result');
      return Row.all(result['rows'], this.dialect);
    }
    return Row.all(result, this.dialect);
  }

  /** Runs a raw statement whose result is not needed. */
  async run(sql: string, bindings: readonly Knex.RawBinding[] = []): Promise<void> {
    const direct = this.directNow();
    if (direct) {
      direct.run(sql, bindings);
      return;
    }
    await this.kx.raw(sql, bindings);
  }

  private binding(): Binding {
    if (this.own.inTransaction) return this.own;
    const scoped = this.scope.getStore();
    return scoped !== undefined && scoped.open ? scoped : this.own;
  }

  private bound(binding: Binding): SqlContext {
    return binding === this.own ? this : new SqlContext(binding, this.dialect, this.scope, this.direct);
  }

  /** The direct SQLite path when it is safe for this context now (see the class comment), else null. */
  private directNow(): DirectSqlite | null {
    const direct = this.direct;
    if (direct === null) return null;
    const binding = this.binding();
    if (binding.inTransaction) return binding.open && direct.inTransaction ? direct : null;
    return direct.idle ? direct : null;
  }
}
