import type { FieldOperator } from '@contentrepo/core';
import { fragment, type SqlFragment } from './sql-fragment.js';

/**
 * A comparison of a byte-ordered string column (SQLite BINARY, PostgreSQL `COLLATE "C"`: code-point order, as
 * core's `compareStrings`) with encoded criterion values, as core's `compareWith`: EQ/LIKE/CONTAINS and the unary
 * operators use the first value, IN every non-null value, BETWEEN the first two (inclusive). Null values never
 * match; returns null when nothing can match. Upper bounds come with `>= ''` (true of every string), so that an
 * index range on SQLite starts after the NULL keys instead of scanning them.
 */
export function stringComparison(column: string, operator: FieldOperator, values: readonly (string | null)[]): SqlFragment | null {
  const [first = null, second = null] = values;
  switch (operator) {
    case 'IN': {
      const present = values.filter((value): value is string => value !== null);
      return present.length === 0 ? null : fragment(`${column} IN (${present.map(() => '?').join(', ')})`, ...present);
    }
    case 'EQ':
    case 'LIKE':
    case 'CONTAINS':
      return first === null ? null : fragment(`${column} = ?`, first);
    case 'GT':
      return first === null ? null : fragment(`${column} > ?`, first);
    case 'GTE':
      return first === null ? null : fragment(`${column} >= ?`, first);
    case 'LT':
      return first === null ? null : fragment(`${column} >= '' AND ${column} < ?`, first);
    case 'LTE':
      return first === null ? null : fragment(`${column} >= '' AND ${column} <= ?`, first);
    case 'BETWEEN':
      return first === null || second === null ? null : fragment(`${column} >= ? AND ${column} <= ?`, first, second);
  }
}
