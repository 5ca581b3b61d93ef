import type { FieldOperator } from '@contentrepo/core';
import { fragment, type SqlFragment } from './sql-fragment.js';

/** Bounds are clamped to ±2^62: beyond any stored key (JavaScript numbers), and printable as bigint literals. */
const LIMIT = 2 ** 62;

const clamp = (value: number): number => Math.min(LIMIT, Math.max(-LIMIT, value));
const usable = (value: number | null | undefined): value is number => value !== null && value !== undefined && Number.isFinite(value);

/**
 * A comparison of an integer column with criterion values, exactly as core compares numbers (`compareRange` for
 * DateMetadata and the location ranges, `compareWith` of the Field `integer` family): EQ/LIKE/CONTAINS and the
 * unary operators use the first value, IN all of them, BETWEEN the first two (inclusive); null or missing values
 * never match. Fractional bounds become the equivalent integer bounds (`> 1.5` is `> 1`, `>= 1.5` is `>= 2`) so
 * that PostgreSQL compares bigint with bigint and uses the column's index; a fractional EQ/IN value matches
 * nothing. Returns null when the comparison can match nothing; rows with a NULL column never match. Upper bounds
 * come with the lowest bound, so that an index range on SQLite starts after the NULL keys instead of scanning them.
 */
export function integerComparison(column: string, operator: FieldOperator, values: readonly (number | null)[]): SqlFragment | null {
  const [first, second] = values;
  const lower = (bound: number): number => clamp(Math.ceil(bound));
  const upper = (bound: number): number => clamp(Math.floor(bound));
  switch (operator) {
    case 'IN': {
      const integers = values.filter((value): value is number => usable(value) && Number.isInteger(value) && Math.abs(value) <= LIMIT);
      return integers.length === 0 ? null : fragment(`${column} IN (${integers.map(() => '?').join(', ')})`, ...integers.map((value) => value + 0));
    }
    case 'EQ':
    case 'LIKE':
    case 'CONTAINS':
      return usable(first) && Number.isInteger(first) && Math.abs(first) <= LIMIT ? fragment(`${column} = ?`, first + 0) : null;
    case 'GT':
      return usable(first) ? fragment(`${column} > ?`, upper(first)) : null;
    case 'GTE':
      return usable(first) ? fragment(`${column} >= ?`, lower(first)) : null;
    case 'LT':
      return usable(first) ? fragment(`${column} >= ? AND ${column} < ?`, -LIMIT, lower(first)) : null;
    case 'LTE':
      return usable(first) ? fragment(`${column} >= ? AND ${column} <= ?`, -LIMIT, upper(first)) : null;
    case 'BETWEEN':
      return usable(first) && usable(second) ? fragment(`${column} >= ? AND ${column} <= ?`, lower(first), upper(second)) : null;
  }
}
