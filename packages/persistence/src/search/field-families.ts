import {
  type FieldOperator,
  type FieldSearchFamily,
  type FieldTypesByFamily,
  SEARCH_FAMILIES,
  toSearchFloatKey,
  toSearchInteger,
  toSearchString,
} from '@contentrepo/core';
import type { Dialect } from '../db/dialect.js';
import { integerComparison } from './integer-comparison.js';
import { fragment, joinFragments, type SqlFragment, sqlOf, valueList } from './sql-fragment.js';
import { stringComparison } from './string-comparison.js';
import { containsCondition, TRIGRAM_FIELD_TYPES, wildcardCondition } from './wildcard.js';

/** A Field criterion's operator and values (arity checked by the search service). */
export interface FieldComparison {
  readonly operator: FieldOperator;
  readonly values: readonly (string | number | boolean)[];
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
 * `trigram`: the entries are all of types the trigram indexes cover, with that rowid (`containsCondition`).
 */
export function textCondition(
  dialect: Dialect,
  column: string,
  { operator, values }: FieldComparison,
  substring: boolean,
  trigram: { readonly rowid: string } | null = null,
): SqlFragment | null {
  const encoded = values.map(toSearchString);
  const [first] = encoded;
  if (operator === 'LIKE') return first === undefined ? null : wildcardCondition(dialect, column, first);
  if (operator === 'CONTAINS' && substring) return first === undefined ? null : containsCondition(dialect, column, first, trigram);
  return stringComparison(column, operator, encoded);
}

/**
 * `collection` family: some element matches — number elements (`value_int`) as integers, string elements
 * (`value_string`) as `simpleText` (CONTAINS and LIKE on numbers are equality).
 */
export function elementCondition(dialect: Dialect, column: (name: 'value_int' | 'value_string') => string, comparison: FieldComparison): SqlFragment | null {
  const numbers = integerCondition(column('value_int'), comparison);
  const strings = textCondition(dialect, column('value_string'), comparison, false);
  return joinFragments(
    [
      ...(numbers ? [sqlOf`${fragment(`${column('value_int')} IS NOT NULL`)} AND ${numbers}`] : []),
      ...(strings ? [sqlOf`${fragment(`${column('value_string')} IS NOT NULL`)} AND ${strings}`] : []),
    ],
    ' OR ',
  );
}

/** Whether a `text` comparison is one the SQLite trigram table answers (CONTAINS of 3 code points or more). */
function usesTrigrams({ operator, values }: FieldComparison): boolean {
  const [first] = values;
  return operator === 'CONTAINS' && first !== undefined && [...toSearchString(first)].length >= 3;
}

/**
 * One source of index entries of a field: the table (`search_field sf`, or `search_field_element se` for
 * collections) and the condition its row must meet (identifier, family, key), with bindings in order. Rendered as
 * an uncorrelated list of `(content_id, language_code)` pairs or as a correlated probe of one item
 * (`criteria/field-criterion.ts`).
 */
export interface FieldBranch {
  readonly table: 'search_field' | 'search_field_element';
  readonly alias: 'sf' | 'se';
  readonly condition: SqlFragment;
}

/**
 * The families whose index entries can hold field `target` (docs/adr/0004-search-semantics.md "Field families"),
 * each with the condition on the entry's field type:
 * - `types` given (the target's field types by family, as the search service resolved them,
 *   `ResolvedQuery.fieldTargetTypes`): only those families, each `IN` its types;
 * - `types` null (the query does not list the target — a SearchHandler called directly): every family, the
 *   `integer`, `float` and `simpleText` entries `IN` the types of `registered` (the field types the engine was built
 *   with, `SqlSearchHandler`), `text` as every type of no other family (a type unknown to the engine compares as
 *   `text`) and `collection` as every element row.
 */
function familyTypes(types: FieldTypesByFamily | null, registered: FieldTypesByFamily): Map<FieldSearchFamily, SqlFragment> {
  const inTypes = (list: readonly string[]): SqlFragment => sqlOf`IN (${valueList(list)})`;
  const families = new Map<FieldSearchFamily, SqlFragment>();
  if (types !== null) {
    for (const family of SEARCH_FAMILIES) {
      const list = types[family] ?? [];
      if (list.length > 0) families.set(family, inTypes(list));
    }
    return families;
  }
  const listed = (family: FieldSearchFamily): readonly string[] => registered[family] ?? [];
  for (const family of ['integer', 'float', 'simpleText'] as const) if (listed(family).length > 0) families.set(family, inTypes(listed(family)));
  const others = SEARCH_FAMILIES.flatMap((family) => (family === 'text' ? [] : listed(family)));
  families.set('text', others.length > 0 ? sqlOf`NOT IN (${valueList(others)})` : fragment('IS NOT NULL'));
  // `search_field_element` holds the elements of collection entries only (the indexer writes no others).
  families.set('collection', fragment(''));
  return families;
}

/**
 * The index entries of field `target` that match a comparison, as one branch per family that can hold the field
 * and match (docs/adr/0004-search-semantics.md "Field families"): `search_field` filtered by identifier, family
 * (the entry's field type) and its key — so that each branch uses the covering index
 * `(field_def_identifier, sort_key_int | sort_key_string, …)` — and for collections `search_field_element`
 * (indexes `(field_def_identifier, value_int | value_string, …)`). With the target's field types known (`types`,
 * by family, from the content types) only their families are searched: an integer field is one index range;
 * unknown (null), every family, by the engine's `registered` field types. Empty when nothing can match.
 *
 * `probe`: the branches will be probed per item (`content_id = c.id AND language_code = …`, `criteria/field-criterion.ts`),
 * on the indexes by item of migration 0006. On SQLite the keys are then written `+column` — the same values (the
 * operands are of the column's own type, its collation is BINARY) in terms no index can serve, so that the
 * planner, which has no statistics, looks the item up instead of scanning a key range per candidate.
 */
export function fieldBranches(
  dialect: Dialect,
  target: string,
  comparison: FieldComparison,
  types: FieldTypesByFamily | null,
  registered: FieldTypesByFamily,
  probe = false,
): FieldBranch[] {
  const key = (alias: 'sf' | 'se', name: string): string => `${probe && dialect === 'sqlite' ? '+' : ''}${alias}.${name}`;
  const families = familyTypes(types, registered);
  const branches: FieldBranch[] = [];
  // `byRowId`: the condition selects rowids (the trigram table), which must drive the branch on SQLite: the
  // identifier and type are then written `+sf.…` (the same test, no index), else the planner, without statistics,
  // prefers the identifier's index and only filters by the rowids.
  const entry = (family: FieldSearchFamily, condition: SqlFragment | null, byRowId = false): void => {
    const typeCondition = families.get(family);
    if (!condition || !typeCondition) return;
    const plus = byRowId && dialect === 'sqlite' ? '+' : '';
    branches.push({
      table: 'search_field',
      alias: 'sf',
      condition: sqlOf`${fragment(`${plus}sf.field_def_identifier = ?`, target)} AND ${fragment(`${plus}sf.field_type_identifier`)} ${typeCondition} AND ${condition}`,
    });
  };
  entry('integer', integerCondition(key('sf', 'sort_key_int'), comparison));
  entry('float', floatCondition(key('sf', 'sort_key_string'), comparison));
  entry('simpleText', textCondition(dialect, key('sf', 'sort_key_string'), comparison, false));
  // Text lines only (the field types known): CONTAINS may use the trigram indexes; never when probing one item.
  const textTypes = types?.text ?? [];
  const trigram = !probe && textTypes.length > 0 && textTypes.every((type) => TRIGRAM_FIELD_TYPES.has(type)) ? { rowid: 'sf.rowid' } : null;
  entry('text', textCondition(dialect, key('sf', 'sort_key_string'), comparison, true, trigram), trigram !== null && usesTrigrams(comparison));
  const elements = families.has('collection') ? elementCondition(dialect, (name) => key('se', name), comparison) : null;
  if (elements) {
    branches.push({ table: 'search_field_element', alias: 'se', condition: sqlOf`se.field_def_identifier = ${fragment('?', target)} AND (${elements})` });
  }
  return branches;
}
