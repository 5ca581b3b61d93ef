import type { Dialect } from '../db/dialect.js';
import type { ColumnType } from './columns.js';
import { postgresSequenceName } from './index.js';
import type { ColumnDescription, ForeignKeyDescription, IndexDescription, TableDescription, UniqueDescription } from './table.js';

/**
 * DDL of the schema description, per dialect: what a generated migration writes (`schema/migration-source.ts`)
 * and what the schema tests expect the database to report (`schema/expected-schema.ts`). Identifiers are quoted
 * (`"position"`, `"function"` are SQL keywords).
 */

/** A quoted SQL identifier. */
export function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

const quoteAll = (names: readonly string[]): string => names.map(quote).join(', ');

/** The column's type as the dialect declares it (SQLite: as declared; PostgreSQL: as `format_type` reports it). */
export function declaredType(column: Pick<ColumnDescription, 'type' | 'sqlite'>, dialect: Dialect): string {
  const type: ColumnType = dialect === 'sqlite' ? (column.sqlite?.type ?? column.type) : column.type;
  if (dialect === 'sqlite') return type === 'smallint' ? 'integer' : type === 'bytes' ? 'blob' : type;
  return type === 'json' ? 'jsonb' : type === 'bytes' ? 'bytea' : type;
}

/** Whether the column accepts NULL on the dialect. */
export function acceptsNull(column: Pick<ColumnDescription, 'nullable' | 'sqlite'>, dialect: Dialect): boolean {
  return dialect === 'sqlite' ? (column.sqlite?.nullable ?? column.nullable) : column.nullable;
}

/** The column default as SQL text on the dialect, or null. */
export function defaultSql(column: Pick<ColumnDescription, 'defaultValue'>, dialect: Dialect): string | null {
  const value = column.defaultValue;
  if (value === null) return null;
  if (typeof value === 'number') return String(value);
  if (dialect === 'postgresql') return value ? 'true' : 'false';
  return value ? '1' : '0';
}

/** `"name" type [COLLATE "C"] [NOT NULL] [DEFAULT …]` (identity columns: see {@link createTableSql}). */
export function columnSql(column: ColumnDescription, dialect: Dialect): string {
  const parts = [quote(column.name)];
  if (column.identity !== null && dialect === 'postgresql') parts.push('serial');
  else parts.push(declaredType(column, dialect));
  if (column.binary && dialect === 'postgresql') parts.push('COLLATE "C"');
  if (!acceptsNull(column, dialect)) parts.push('NOT NULL');
  if (column.identity !== null && dialect === 'sqlite') {
    parts.push(column.identity === 'autoincrement' ? 'PRIMARY KEY AUTOINCREMENT' : 'PRIMARY KEY');
  }
  const fallback = defaultSql(column, dialect);
  if (fallback !== null) parts.push(`DEFAULT ${fallback}`);
  return parts.join(' ');
}

/**
 * `CONSTRAINT … FOREIGN KEY (…) REFERENCES … [ON DELETE CASCADE] [DEFERRABLE INITIALLY DEFERRED]` (SQLite keeps no
 * constraint names, PostgreSQL does).
 */
export function foreignKeySql(key: ForeignKeyDescription): string {
  const onDelete = key.onDelete === 'cascade' ? ' ON DELETE CASCADE' : '';
  const deferred = key.deferred ? ' DEFERRABLE INITIALLY DEFERRED' : '';
  return (
    `CONSTRAINT ${quote(key.name)} FOREIGN KEY (${quoteAll(key.columns)}) ` +
    `REFERENCES ${quote(key.table)} (${quoteAll(key.referencedColumns)})${onDelete}${deferred}`
  );
}

/** The foreign keys of a table that exist on the dialect. */
export function foreignKeysOn(table: TableDescription, dialect: Dialect): ForeignKeyDescription[] {
  return table.foreignKeys.filter((key) => key.only === null || key.only === dialect);
}

/** `CREATE [UNIQUE] INDEX … ON … (…) [WHERE …]`. */
export function createIndexSql(table: string, index: IndexDescription): string {
  const keys = index.keys.map((key) => ('column' in key ? quote(key.column) : key.expression)).join(', ');
  const where = index.where === null ? '' : ` WHERE ${index.where}`;
  return `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${quote(index.name)} ON ${quote(table)} (${keys})${where}`;
}

/** A unique constraint: PostgreSQL `ALTER TABLE … ADD CONSTRAINT … UNIQUE`, SQLite a named unique index. */
export function addUniqueSql(table: string, unique: UniqueDescription, dialect: Dialect): string {
  if (dialect === 'sqlite') {
    return createIndexSql(table, { name: unique.name, keys: unique.columns.map((column) => ({ column })), unique: true, where: null });
  }
  return `ALTER TABLE ${quote(table)} ADD CONSTRAINT ${quote(unique.name)} UNIQUE (${quoteAll(unique.columns)})`;
}

/** Drops a unique constraint (PostgreSQL) or its index (SQLite). */
export function dropUniqueSql(table: string, name: string, dialect: Dialect): string {
  return dialect === 'sqlite' ? `DROP INDEX ${quote(name)}` : `ALTER TABLE ${quote(table)} DROP CONSTRAINT ${quote(name)}`;
}

/**
 * The statements creating a table on the dialect: CREATE TABLE with its columns, primary key and foreign keys
 * (SQLite: `WITHOUT ROWID` when described), then its unique constraints and indexes. Nothing on the dialect a
 * table is not for.
 */
export function createTableSql(table: TableDescription, dialect: Dialect): string[] {
  if (table.only !== null && table.only !== dialect) return [];
  const identity = table.columns.some((column) => column.identity !== null);
  const parts = table.columns.map((column) => columnSql(column, dialect));
  if (!(identity && dialect === 'sqlite')) parts.push(`PRIMARY KEY (${quoteAll(table.primaryKey)})`);
  parts.push(...foreignKeysOn(table, dialect).map(foreignKeySql));
  const withoutRowId = table.withoutRowId && dialect === 'sqlite' ? ' WITHOUT ROWID' : '';
  return [
    `CREATE TABLE ${quote(table.name)} (${parts.join(', ')})${withoutRowId}`,
    ...table.uniques.map((unique) => addUniqueSql(table.name, unique, dialect)),
    ...table.indexes.map((index) => createIndexSql(table.name, index)),
  ];
}

/** `ALTER TABLE … ADD COLUMN …` (SQLite: a NOT NULL column needs a default). */
export function addColumnSql(table: string, column: ColumnDescription, dialect: Dialect): string {
  return `ALTER TABLE ${quote(table)} ADD COLUMN ${columnSql(column, dialect)}`;
}

/** PostgreSQL: the ALTER TABLE statements giving an existing column the described type, nullability and default. */
export function alterColumnSql(table: string, column: ColumnDescription): string[] {
  const target = `ALTER TABLE ${quote(table)} ALTER COLUMN ${quote(column.name)}`;
  const collate = column.binary ? ' COLLATE "C"' : '';
  const type = declaredType(column, 'postgresql');
  const fallback = defaultSql(column, 'postgresql');
  return [
    `${target} TYPE ${type}${collate} USING ${quote(column.name)}::${type}`,
    `${target} ${column.nullable ? 'DROP NOT NULL' : 'SET NOT NULL'}`,
    fallback === null ? `${target} DROP DEFAULT` : `${target} SET DEFAULT ${fallback}`,
  ];
}

/** Creates an id sequence: a PostgreSQL sequence `<name>_id_seq`, or its `id_sequence` row on SQLite. */
export function createIdSequenceSql(name: string, dialect: Dialect): string {
  return dialect === 'postgresql'
    ? `CREATE SEQUENCE ${quote(postgresSequenceName(name))}`
    : `INSERT INTO ${quote('id_sequence')} (${quote('name')}, ${quote('last_id')}) VALUES ('${name.replace(/'/g, "''")}', 0)`;
}

/** Drops an id sequence (see {@link createIdSequenceSql}). */
export function dropIdSequenceSql(name: string, dialect: Dialect): string {
  return dialect === 'postgresql'
    ? `DROP SEQUENCE ${quote(postgresSequenceName(name))}`
    : `DELETE FROM ${quote('id_sequence')} WHERE ${quote('name')} = '${name.replace(/'/g, "''")}'`;
}
