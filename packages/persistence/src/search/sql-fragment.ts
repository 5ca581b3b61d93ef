import type { SqlValue } from '../db/sql-session.js';

/**
 * A piece of SQL with `?` placeholders and its bindings in placeholder order. The criterion handlers of the
 * search-index criteria (Field, FullText, names, images) compose these and hand the result to knex's
 * `whereRaw`, which numbers the placeholders for PostgreSQL.
 */
export interface SqlFragment {
  readonly sql: string;
  readonly bindings: readonly SqlValue[];
}

/** A fragment of `sql` and its bindings. */
export function fragment(sql: string, ...bindings: readonly SqlValue[]): SqlFragment {
  return { sql, bindings };
}

/**
 * Interpolates fragments into a template: `sqlOf\`a = ${x} AND ${y}\`` where each `${…}` is a fragment (its SQL
 * inserted, its bindings appended in order) — so that bindings can never get out of order.
 */
export function sqlOf(strings: TemplateStringsArray, ...parts: readonly SqlFragment[]): SqlFragment {
  let sql = strings[0] ?? '';
  const bindings: SqlValue[] = [];
  parts.forEach((part, index) => {
    sql += part.sql + (strings[index + 1] ?? '');
    bindings.push(...part.bindings);
  });
  return { sql, bindings };
}

/** Fragments joined by `separator` (e.g. ` OR `), each in parentheses; null when there are none. */
export function joinFragments(parts: readonly SqlFragment[], separator: string): SqlFragment | null {
  if (parts.length === 0) return null;
  return {
    sql: parts.map((part) => `(${part.sql})`).join(separator),
    bindings: parts.flatMap((part) => part.bindings),
  };
}

/** `?, ?, ?` for the values, as a fragment (callers guard against an empty list). */
export function valueList(values: readonly SqlValue[]): SqlFragment {
  return { sql: values.map(() => '?').join(', '), bindings: values };
}
