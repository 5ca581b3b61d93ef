import { describe, expect, it } from '@jest/globals';
import type { FieldTypesByFamily } from '@contentrepo/core';
import { fieldBranches } from './field-families.js';

/** The field types an engine was built with, in this test: one of each family but `float`. */
const registered: FieldTypesByFamily = {
  integer: ['ezinteger'],
  simpleText: ['ezemail'],
  text: ['ezstring'],
  collection: ['ezkeyword'],
};

/** The type condition and key of each branch, with its bindings. */
const summary = (types: FieldTypesByFamily | null): { table: string; sql: string; bindings: readonly unknown[] }[] =>
  fieldBranches('sqlite', 'rating', { operator: 'EQ', values: [5] }, types, registered).map((branch) => ({
    table: branch.table,
    sql: branch.condition.sql,
    bindings: branch.condition.bindings,
  }));

describe('Field criterion branches by search family', () => {
  it('searches only the families of the types the query lists for the target', () => {
    expect(summary({ integer: ['ezdate', 'ezinteger'] })).toEqual([
      {
        table: 'search_field',
        sql: 'sf.field_def_identifier = ? AND sf.field_type_identifier IN (?, ?) AND sf.sort_key_int = ?',
        bindings: ['rating', 'ezdate', 'ezinteger', 5],
      },
    ]);
    expect(summary({ collection: ['ezkeyword'] }).map((branch) => branch.table)).toEqual(['search_field_element']);
  });

  it('searches every family of the registered types for a target the query does not list, other types as text', () => {
    const branches = summary(null);
    // The bindings between the target and the value: the type condition's.
    const types = branches.map((branch) => (branch.table === 'search_field' ? branch.bindings.slice(1, -1) : 'elements'));
    expect(types).toEqual([['ezinteger'], ['ezemail'], ['ezinteger', 'ezemail', 'ezkeyword'], 'elements']);
    expect(branches[2]?.sql).toContain('sf.field_type_identifier NOT IN (?, ?, ?)');
    // No type is registered as a float: no entry can compare as one.
    expect(branches.some((branch) => branch.bindings.includes('ezfloat'))).toBe(false);
  });

  it('compares every entry as text when no type of another family is registered', () => {
    const [only, ...rest] = fieldBranches('postgresql', 'title', { operator: 'EQ', values: ['x'] }, null, { text: ['ezstring'] });
    expect(only?.condition.sql).toContain('sf.field_type_identifier IS NOT NULL');
    expect(rest.map((branch) => branch.table)).toEqual(['search_field_element']);
  });
});
