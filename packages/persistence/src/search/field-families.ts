import {
  FIELD_SEARCH_FAMILIES,
  type FieldOperator,
  type FieldSearchFamily,
  toSearchFloatKey,
  toSearchInteger,
  toSearchString,
} from '@contentrepo/core';
import type { Dialect } from '../db/dialect.js';
import { integerComparison } from './integer-comparison.js';
import { fragment, joinFragments, type SqlFragment, sqlOf, valueList } from './sql-fragment.js';
import { stringComparison } from './string-comparison.js';
import { containsCondition, wildcardCondition } from './wildcard.js';

/** A Field criterion's operator and values (arity checked by the search service). */
export interface FieldComparison {
  readonly operator: FieldOperator;
  readonly values: readonly (string | number | boolean)[];
}

/** The field type identifiers of each family listed in core's `FIELD_SEARCH_FAMILIES` (`text` is every other). */
export function typesOf(family: Exclude<FieldSearchFamily, 'text'>): string[] {
  return Object.entries(FIELD_SEARCH_FAMILIES)
    .filter(([, listed]) => listed === family)
    .map(([type]) => type);
}

/** `integer` family: the integer key against the values as integers (`toSearchInteger`); LIKE/CONTAINS are EQ. */
export function integerCondition(column: string, { operator, values }: FieldComparison): SqlFragment | null {
  return integerComparison(column, operator, values.map(toSearchInteger));
}

/** `float` family: the float sort key against `toSearchFloatKey` of the values (byte order); LIKE/CONTAINS are EQ. */
export function floatCondition(column: string, { operator, values }: FieldComparison): SqlFragment | null {
  return stringComparison(column, operator, values.map(toSearchFloatKey));
}

/**
 * `text` (`substring` true) and `simpleText` / collection strings (false): the lower-cased key against the
 * lower-cased values (`toSearchString`); LIKE with `*` wildcards; CONTAINS a substring for `text`, else EQ.
 */
export function textCondition(dialect: Dialect, column: string, { operator, values }: FieldComparison, substring: boolean): SqlFragment | null {
  const encoded = values.map(toSearchString);
  const [first] = encoded;
  if (operator === 'LIKE') return first === undefined ? null : wildcardCondition(dialect, column, first);
  if (operator === 'CONTAINS' && substring) return first === undefined ? null : containsCondition(dialect, column, first);
  return stringComparison(column, operator, encoded);
}

/**
 * `collection` family: some element matches — number elements (`value_int`) as integers, string elements
 * (`value_string`) as `simpleText` (CONTAINS and LIKE on numbers are equality).
 */
export function elementCondition(dialect: Dialect, alias: string, comparison: FieldComparison): SqlFragment | null {
  const numbers = integerCondition(`${alias}.value_int`, comparison);
  const strings = textCondition(dialect, `${alias}.value_string`, comparison, false);
  return joinFragments(
    [
      ...(numbers ? [sqlOf`${fragment(`${alias}.value_int IS NOT NULL`)} AND ${numbers}`] : []),
      ...(strings ? [sqlOf`${fragment(`${alias}.value_string IS NOT NULL`)} AND ${strings}`] : []),
    ],
    ' OR ',
  );
}

/**
 * The `(content_id, language_code)` pairs whose index entry of field `target` matches, as one UNION ALL branch per
 * family that can match (docs/adr/0004-search-semantics.md "Field families"): each branch filters
 * `search_field` by identifier, family (the entry's field type) and its key, so that each uses the index
 * `(field_def_identifier, sort_key_int)` or `(field_def_identifier, sort_key_string)`; collections read
 * `search_field_element` (index `(field_def_identifier, value_int | value_string)`). Null when nothing can match.
 */
export function fieldMatches(dialect: Dialect, target: string, comparison: FieldComparison): SqlFragment | null {
  const listed = Object.keys(FIELD_SEARCH_FAMILIES);
  const branch = (types: SqlFragment, condition: SqlFragment | null): SqlFragment[] =>
    condition
      ? [
          sqlOf`SELECT sf.content_id, sf.language_code FROM search_field sf WHERE sf.field_def_identifier = ${fragment('?', target)} AND sf.field_type_identifier ${types} AND ${condition}`,
        ]
      : [];
  const inTypes = (types: readonly string[]): SqlFragment => sqlOf`IN (${valueList(types)})`;
  const elements = elementCondition(dialect, 'se', comparison);
  const branches = [
    ...branch(inTypes(typesOf('integer')), integerCondition('sf.sort_key_int', comparison)),
    ...branch(inTypes(typesOf('float')), floatCondition('sf.sort_key_string', comparison)),
    ...branch(inTypes(typesOf('simpleText')), textCondition(dialect, 'sf.sort_key_string', comparison, false)),
    ...branch(sqlOf`NOT IN (${valueList(listed)})`, textCondition(dialect, 'sf.sort_key_string', comparison, true)),
    ...(elements
      ? [sqlOf`SELECT se.content_id, se.language_code FROM search_field_element se WHERE se.field_def_identifier = ${fragment('?', target)} AND (${elements})`]
      : []),
  ];
  if (branches.length === 0) return null;
  return { sql: branches.map((part) => part.sql).join(' UNION ALL '), bindings: branches.flatMap((part) => part.bindings) };
}
