import type { Knex } from '@mikro-orm/knex';

/**
 * Prefix matching on path strings as an index range. Every string starting with `prefix` lies in
 * `[prefix, upper)` where `upper` is `prefix` with its last character incremented; for a path string ending in
 * `/` that is `'/1/2/' → '/1/20'`, so `/1/20/…` (which starts with `/1/20`) is outside the range and `/1/2/…` inside.
 * Path columns are byte-ordered on both dialects (SQLite BINARY, PostgreSQL `COLLATE "C"`), so the range is
 * exactly the prefix match of Legacy's `path_string LIKE '<prefix>%'` and uses the plain B-tree index.
 */
export function prefixUpperBound(prefix: string): string | null {
  if (prefix.length === 0) return null;
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}

/** Adds `column` starts-with `prefix` to a where-builder (an empty prefix matches everything). */
export function whereStartsWith(query: Knex.QueryBuilder, column: string, prefix: string): Knex.QueryBuilder {
  const upper = prefixUpperBound(prefix);
  if (upper === null) return query.whereNotNull(column);
  return query.where(column, '>=', prefix).andWhere(column, '<', upper);
}
