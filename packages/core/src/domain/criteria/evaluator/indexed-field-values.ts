import { assertNever } from '../../../errors/repository-error.js';
import { floatSortKey } from '../../../field-types/ezfloat/index.js';
import type { FieldSearchFamily } from '../../../field-types/field-type.js';
import type { FieldIndexEntry } from '../../../spi/search-handler.js';
import type { FieldOperator } from '../criterion.js';
import { compareStrings } from './strings.js';

/*
 * The Field criterion's comparisons (docs/adr/0004-search-semantics.md "Field families"): how criterion values are
 * encoded for each search family, and whether an index entry matches — by the family the entry carries, which its
 * field type states. SQL engines encode values with the same helpers.
 */

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

const toNumber = (value: string | number | boolean): number | null => {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim().toLowerCase();
  if (text === 'true') return 1;
  if (text === 'false') return 0;
  if (!NUMBER.test(text)) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
};

/**
 * A criterion value as an integer key: booleans and `"true"`/`"false"` are 1/0, numbers and decimal strings are
 * truncated toward zero (PHP `(int)`); anything else is null and matches nothing.
 */
export function toSearchInteger(value: string | number | boolean): number | null {
  const number = toNumber(value);
  return number === null ? null : Math.trunc(number) + 0;
}

/** A criterion value as a float sort key (`floatSortKey` of the number), or null when it is not a number. */
export function toSearchFloatKey(value: string | number | boolean): string | null {
  const number = toNumber(value);
  return number === null ? null : floatSortKey(number);
}

/** A criterion value as a string key: its text (`true`/`false` for booleans) lower-cased. */
export function toSearchString(value: string | number | boolean): string {
  return String(value).toLowerCase();
}

/**
 * Whether `text` matches a LIKE pattern where `*` stands for any run of characters and every other character
 * (`%`, `_` included) is literal; no `*` means equality. Case-insensitive (both sides lower-cased).
 */
export function wildcardMatch(pattern: string, text: string): boolean {
  const escaped = pattern.toLowerCase().replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`, 'su').test(text.toLowerCase());
}

type Compare<T> = (left: T, right: T) => number;

/** EQ/IN/GT/GTE/LT/LTE/BETWEEN of `actual` against encoded values (null values never match). */
function compareWith<T>(operator: FieldOperator, actual: T, values: readonly (T | null)[], compare: Compare<T>): boolean {
  const [first = null, second = null] = values;
  switch (operator) {
    case 'IN':
      return values.some((value) => value !== null && compare(actual, value) === 0);
    case 'EQ':
    case 'LIKE':
    case 'CONTAINS':
      return first !== null && compare(actual, first) === 0;
    case 'GT':
      return first !== null && compare(actual, first) > 0;
    case 'GTE':
      return first !== null && compare(actual, first) >= 0;
    case 'LT':
      return first !== null && compare(actual, first) < 0;
    case 'LTE':
      return first !== null && compare(actual, first) <= 0;
    case 'BETWEEN':
      return first !== null && second !== null && compare(actual, first) >= 0 && compare(actual, second) <= 0;
    default:
      return assertNever(operator, 'Field operator');
  }
}

const numeric: Compare<number> = (left, right) => left - right;

function matchInteger(actual: number, operator: FieldOperator, values: readonly (string | number | boolean)[]): boolean {
  return compareWith(operator, actual, values.map(toSearchInteger), numeric);
}

function matchText(actual: string, operator: FieldOperator, values: readonly (string | number | boolean)[], contains: boolean): boolean {
  const encoded = values.map(toSearchString);
  const [first] = encoded;
  if (operator === 'LIKE') return first !== undefined && wildcardMatch(first, actual);
  if (operator === 'CONTAINS' && contains) return first !== undefined && actual.includes(first);
  return compareWith(operator, actual, encoded, compareStrings);
}

/**
 * Whether one index entry matches `operator` with the criterion `values`, per the search family its field type
 * stated (`entry.searchFamily`, see {@link FieldSearchFamily}). Arity is checked by the search service; missing
 * values never match.
 */
export function matchFieldEntry(entry: FieldIndexEntry, operator: FieldOperator, values: readonly (string | number | boolean)[]): boolean {
  const family: FieldSearchFamily = entry.searchFamily;
  switch (family) {
    case 'integer':
      return entry.sortKeyInt !== null && matchInteger(entry.sortKeyInt, operator, values);
    case 'float':
      return entry.sortKeyString !== null && compareWith(operator, entry.sortKeyString, values.map(toSearchFloatKey), compareStrings);
    case 'simpleText':
      return entry.sortKeyString !== null && matchText(entry.sortKeyString, operator, values, false);
    case 'text':
      return entry.sortKeyString !== null && matchText(entry.sortKeyString, operator, values, true);
    case 'collection':
      return (entry.elements ?? []).some((element) =>
        typeof element === 'number' ? matchInteger(element, operator, values) : matchText(element, operator, values, false),
      );
    default:
      return assertNever(family, 'field search family');
  }
}

/** Whether an index entry holds no value: no sort keys, no full text, no elements (IsFieldEmpty). */
export function isEmptyEntry(entry: FieldIndexEntry): boolean {
  return entry.sortKeyInt === null && entry.sortKeyString === null && entry.fullText === '' && (entry.elements ?? []).length === 0;
}
