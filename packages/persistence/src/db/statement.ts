import type { Dialect } from './dialect.js';
import type { SqlValue } from './sql-session.js';

/** SQL text per dialect, for the few statements that differ. */
export interface DialectText {
  readonly sqlite: string;
  readonly postgresql: string;
}

/**
 * `?` placeholders → PostgreSQL's `$1…$n`. Statements of this package never contain a literal `?` (no string
 * literal holds one, and the jsonb `?` operators are not used).
 */
export function numberPlaceholders(sql: string): string {
  let count = 0;
  return sql.replace(/\?/g, () => `$${++count}`);
}

/**
 * A statement written once in SQL with `?` placeholders and compiled per dialect when it is defined: SQLite runs
 * the text as it is, PostgreSQL gets `$1…$n`. `P` is the tuple of its parameters in placeholder order, so that a
 * call site cannot pass them in the wrong order or number. Hot paths run these instead of knex builders, which
 * knex would rebuild and recompile on every call.
 */
export class Statement<P extends readonly SqlValue[] = readonly SqlValue[]> {
  private readonly sqlite: string;
  private readonly postgresql: string;
  /** Phantom member carrying `P` (never set). */
  declare readonly params?: P;

  constructor(text: string | DialectText) {
    this.sqlite = typeof text === 'string' ? text : text.sqlite;
    this.postgresql = numberPlaceholders(typeof text === 'string' ? text : text.postgresql);
  }

  /** The SQL text for `dialect`. */
  text(dialect: Dialect): string {
    return dialect === 'sqlite' ? this.sqlite : this.postgresql;
  }
}

/** Defines a precompiled {@link Statement}. */
export function sql<P extends readonly SqlValue[]>(text: string | DialectText): Statement<P> {
  return new Statement<P>(text);
}

/** `count` placeholders separated by commas: `?, ?, ?`. */
export function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/** Most shapes kept per {@link StatementsBySize} (sizes beyond are rare one-offs; the cache is then reset). */
const SHAPES_PER_FAMILY = 200;

/**
 * Statements whose text depends only on a size (IN lists, multi-row VALUES): each size is compiled once, on
 * first use, and kept (bounded).
 */
export class StatementsBySize {
  private readonly bySize = new Map<number, Statement>();

  constructor(private readonly build: (size: number) => string | DialectText) {}

  /** The statement for `size` items. */
  of(size: number): Statement {
    let statement = this.bySize.get(size);
    if (!statement) {
      if (this.bySize.size >= SHAPES_PER_FAMILY) this.bySize.clear();
      statement = new Statement(this.build(size));
      this.bySize.set(size, statement);
    }
    return statement;
  }
}
