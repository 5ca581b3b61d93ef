import type { Dialect } from './dialect.js';

/**
 * An ORDER BY / comparison expression in byte (code point) order on both dialects: SQLite compares text with its
 * default BINARY collation; PostgreSQL gets `COLLATE "C"`, whatever the database's locale. Core's reference
 * evaluator orders strings by code point (`compareStrings`), so every engine must.
 */
export function binaryOrder(dialect: Dialect, expression: string): string {
  return dialect === 'postgresql' ? `(${expression}) COLLATE "C"` : expression;
}

/**
 * The key ContentName sorting uses: the name lower-cased by JavaScript's `toLowerCase`, exactly as core's
 * evaluator computes it (SQL `lower()` only folds ASCII on SQLite), stored in `content.sort_name`.
 */
export function sortNameOf(name: string): string {
  return name.toLowerCase();
}
