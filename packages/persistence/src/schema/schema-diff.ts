import type { DatabaseColumn, DatabaseForeignKey, DatabaseIndex, DatabaseSchema, DatabaseTable } from './expected-schema.js';

/** A column property the comparison checks. */
export type ColumnProperty = 'type' | 'nullable' | 'default' | 'collation' | 'generated';

/**
 * One way a database differs from the description. `missing-*`: described, not in the database; `extra-*`: in
 * the database, not described; `changed-*`: both, different. Objects are named by table and name (foreign keys by
 * their columns: SQLite keeps no names).
 */
export type SchemaDifference = { readonly message: string } & (
  | { readonly kind: 'missing-table' | 'extra-table'; readonly table: string }
  | { readonly kind: 'missing-column' | 'extra-column'; readonly table: string; readonly column: string }
  | { readonly kind: 'changed-column'; readonly table: string; readonly column: string; readonly property: ColumnProperty }
  | { readonly kind: 'changed-primary-key' | 'changed-without-rowid'; readonly table: string }
  | { readonly kind: 'missing-unique' | 'extra-unique' | 'changed-unique'; readonly table: string; readonly name: string }
  | { readonly kind: 'missing-index' | 'extra-index' | 'changed-index'; readonly table: string; readonly name: string }
  | {
      readonly kind: 'missing-foreign-key' | 'extra-foreign-key';
      readonly table: string;
      readonly columns: readonly string[];
      readonly name: string | null;
    }
  | { readonly kind: 'missing-id-sequence' | 'extra-id-sequence'; readonly name: string }
);

const show = (value: unknown): string => JSON.stringify(value);

function byName<T extends { readonly name: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((item) => [item.name, item]));
}

function compareColumns(expected: DatabaseTable, found: DatabaseTable): SchemaDifference[] {
  const differences: SchemaDifference[] = [];
  const table = expected.name;
  const foundColumns = byName(found.columns);
  for (const column of expected.columns) {
    const actual = foundColumns.get(column.name);
    if (actual === undefined) {
      differences.push({ kind: 'missing-column', table, column: column.name, message: `${table}.${column.name}: column missing` });
      continue;
    }
    for (const property of ['type', 'nullable', 'default', 'collation', 'generated'] as const satisfies readonly (keyof DatabaseColumn)[]) {
      if (column[property] !== actual[property]) {
        differences.push({
          kind: 'changed-column',
          table,
          column: column.name,
          property,
          message: `${table}.${column.name}: ${property} ${show(column[property])} described, ${show(actual[property])} found`,
        });
      }
    }
  }
  const described = new Set(expected.columns.map((column) => column.name));
  for (const column of found.columns.filter((candidate) => !described.has(candidate.name))) {
    differences.push({ kind: 'extra-column', table, column: column.name, message: `${table}.${column.name}: column not described` });
  }
  return differences;
}

function compareIndexes(expected: DatabaseTable, found: DatabaseTable): SchemaDifference[] {
  const differences: SchemaDifference[] = [];
  const table = expected.name;
  const shape = (index: DatabaseIndex): string => show({ keys: index.keys, unique: index.unique, where: index.where });
  const foundIndexes = byName(found.indexes);
  for (const index of expected.indexes) {
    const actual = foundIndexes.get(index.name);
    if (actual === undefined) {
      differences.push({
        kind: 'missing-index',
        table,
        name: index.name,
        message: `${table}: index ${index.name} missing`,
      });
    } else if (shape(actual) !== shape(index)) {
      differences.push({
        kind: 'changed-index',
        table,
        name: index.name,
        message: `${table}: index ${index.name} ${shape(index)} described, ${shape(actual)} found`,
      });
    }
  }
  const described = new Set(expected.indexes.map((index) => index.name));
  for (const index of found.indexes.filter((candidate) => !described.has(candidate.name))) {
    differences.push({ kind: 'extra-index', table, name: index.name, message: `${table}: index ${index.name} ${shape(index)} not described` });
  }
  const foundUniques = byName(found.uniques);
  for (const unique of expected.uniques) {
    const actual = foundUniques.get(unique.name);
    if (actual === undefined) {
      differences.push({
        kind: 'missing-unique',
        table,
        name: unique.name,
        message: `${table}: unique ${unique.name} missing`,
      });
    } else if (show(actual.columns) !== show(unique.columns)) {
      differences.push({
        kind: 'changed-unique',
        table,
        name: unique.name,
        message: `${table}: unique ${unique.name} ${show(unique.columns)} described, ${show(actual.columns)} found`,
      });
    }
  }
  const describedUniques = new Set(expected.uniques.map((unique) => unique.name));
  for (const unique of found.uniques.filter((candidate) => !describedUniques.has(candidate.name))) {
    differences.push({ kind: 'extra-unique', table, name: unique.name, message: `${table}: unique ${unique.name} not described` });
  }
  return differences;
}

function compareForeignKeys(expected: DatabaseTable, found: DatabaseTable): SchemaDifference[] {
  const table = expected.name;
  const shape = (key: DatabaseForeignKey): string => show(key);
  const foundShapes = new Set(found.foreignKeys.map(shape));
  const expectedShapes = new Set(expected.foreignKeys.map(shape));
  return [
    ...expected.foreignKeys
      .filter((key) => !foundShapes.has(shape(key)))
      .map((key): SchemaDifference => ({
        kind: 'missing-foreign-key',
        table,
        columns: key.columns,
        name: key.name,
        message: `${table}: foreign key ${shape(key)} missing`,
      })),
    ...found.foreignKeys
      .filter((key) => !expectedShapes.has(shape(key)))
      .map((key): SchemaDifference => ({
        kind: 'extra-foreign-key',
        table,
        columns: key.columns,
        name: key.name,
        message: `${table}: foreign key ${shape(key)} not described`,
      })),
  ];
}

function compareTable(expected: DatabaseTable, found: DatabaseTable): SchemaDifference[] {
  const table = expected.name;
  const differences = [...compareColumns(expected, found)];
  if (show(expected.primaryKey) !== show(found.primaryKey)) {
    differences.push({
      kind: 'changed-primary-key',
      table,
      message: `${table}: primary key ${show(expected.primaryKey)} described, ${show(found.primaryKey)} found`,
    });
  }
  if (expected.withoutRowId !== found.withoutRowId) {
    differences.push({
      kind: 'changed-without-rowid',
      table,
      message: `${table}: WITHOUT ROWID ${show(expected.withoutRowId)} described, ${show(found.withoutRowId)} found`,
    });
  }
  return [...differences, ...compareIndexes(expected, found), ...compareForeignKeys(expected, found)];
}

/**
 * Every difference between the schema the description implies for a dialect (`expectedSchema`) and the one a
 * database of that dialect reports (`introspect`): tables, columns (type, nullability, default, collation,
 * generated ids), primary keys, unique constraints, indexes (keys, uniqueness, predicate), foreign keys, SQLite
 * `WITHOUT ROWID`, id sequences. Empty when they match.
 */
export function diffSchemas(expected: DatabaseSchema, found: DatabaseSchema): SchemaDifference[] {
  const differences: SchemaDifference[] = [];
  const foundTables = byName(found.tables);
  for (const table of expected.tables) {
    const actual = foundTables.get(table.name);
    if (actual === undefined) differences.push({ kind: 'missing-table', table: table.name, message: `${table.name}: table missing` });
    else differences.push(...compareTable(table, actual));
  }
  const described = new Set(expected.tables.map((table) => table.name));
  for (const table of found.tables.filter((candidate) => !described.has(candidate.name))) {
    differences.push({ kind: 'extra-table', table: table.name, message: `${table.name}: table not described` });
  }
  const foundSequences = new Set(found.idSequences);
  const describedSequences = new Set(expected.idSequences);
  for (const name of expected.idSequences.filter((candidate) => !foundSequences.has(candidate))) {
    differences.push({ kind: 'missing-id-sequence', name, message: `id sequence ${name} missing` });
  }
  for (const name of found.idSequences.filter((candidate) => !describedSequences.has(candidate))) {
    differences.push({ kind: 'extra-id-sequence', name, message: `id sequence ${name} not described` });
  }
  return differences;
}
