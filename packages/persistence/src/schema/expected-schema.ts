import type { Dialect } from '../db/dialect.js';
import { acceptsNull, declaredType, defaultSql, foreignKeysOn } from './ddl.js';
import type { SchemaDescription } from './index.js';
import type { TableDescription } from './table.js';

/**
 * A database schema as the engine reports it, in one shape for both dialects, at the level the description
 * expresses: what `schema/introspection.ts` reads from a database and what {@link expectedSchema} derives from
 * the description; `schema/schema-diff.ts` compares the two.
 */
export interface DatabaseSchema {
  readonly tables: readonly DatabaseTable[];
  /** Id sequences: PostgreSQL sequences owned by no column; SQLite `id_sequence` rows. */
  readonly idSequences: readonly string[];
}

/** One table of a {@link DatabaseSchema}. */
export interface DatabaseTable {
  readonly name: string;
  readonly columns: readonly DatabaseColumn[];
  readonly primaryKey: readonly string[];
  /** PostgreSQL UNIQUE constraints (SQLite reports unique indexes only: they are in `indexes`). */
  readonly uniques: readonly { readonly name: string; readonly columns: readonly string[] }[];
  /** Indexes besides the primary key's and the unique constraints'; keys and predicates normalised ({@link normaliseSql}). */
  readonly indexes: readonly DatabaseIndex[];
  readonly foreignKeys: readonly DatabaseForeignKey[];
  readonly withoutRowId: boolean;
}

/** A column of a {@link DatabaseTable}. */
export interface DatabaseColumn {
  readonly name: string;
  /** Declared type (SQLite, lower case) or `format_type` (PostgreSQL, `character varying` written `varchar`). */
  readonly type: string;
  readonly nullable: boolean;
  /** Default value as SQL text (identity defaults excluded). */
  readonly default: string | null;
  /** Collation: SQLite's (BINARY unless declared), PostgreSQL's (`C`, `default`, or null for non-text types). */
  readonly collation: string | null;
  /** SQLite AUTOINCREMENT, PostgreSQL serial (a default from a sequence). */
  readonly generated: boolean;
}

/** An index of a {@link DatabaseTable}. */
export interface DatabaseIndex {
  readonly name: string;
  readonly keys: readonly string[];
  readonly unique: boolean;
  readonly where: string | null;
}

/** A foreign key of a {@link DatabaseTable} (`name` null on SQLite, which keeps none). */
export interface DatabaseForeignKey {
  readonly name: string | null;
  readonly columns: readonly string[];
  readonly table: string;
  readonly referencedColumns: readonly string[];
  readonly onDelete: string;
  readonly onUpdate: string;
  /** Checked at commit (`DEFERRABLE INITIALLY DEFERRED`). */
  readonly deferred: boolean;
}

/**
 * SQL text in a form both engines agree on: lower case, without quotes, casts (`::text`), white space and
 * grouping parentheses (a function call keeps its own). PostgreSQL reports `lower((login)::text)` and
 * `(status = 1)` for what SQLite keeps as written (`lower(login)`, `status = 1`). Grouping is not compared:
 * `a AND (b OR c)` and `(a AND b) OR c` read the same here.
 */
export function normaliseSql(text: string): string {
  const flat = text
    .toLowerCase()
    .replace(/"/g, '')
    .replace(/::[a-z_]+(\s+varying)?(\[\])?/g, '')
    .replace(/\s+/g, '');
  const kept: boolean[] = [];
  let result = '';
  for (let index = 0; index < flat.length; index++) {
    const char = flat.charAt(index);
    if (char === '(') {
      const call = /\w/.test(flat.charAt(index - 1));
      kept.push(call);
      if (call) result += char;
    } else if (char === ')') {
      if (kept.pop() ?? true) result += char;
    } else result += char;
  }
  return result;
}

const TEXT_TYPE = /^(text|varchar\(\d+\))$/;

/** The collation a column of the description has on the dialect. */
function collationOf(table: TableDescription, index: number, dialect: Dialect): string | null {
  const column = table.columns[index];
  if (column === undefined) return null;
  if (dialect === 'sqlite') return 'BINARY';
  if (column.binary) return 'C';
  return TEXT_TYPE.test(column.type) ? 'default' : null;
}

/** What the database of the dialect must report for one described table. */
export function expectedTable(table: TableDescription, dialect: Dialect): DatabaseTable {
  const uniqueIndexes = table.uniques.map((unique) => ({ name: unique.name, keys: unique.columns, unique: true, where: null }));
  return {
    name: table.name,
    columns: table.columns.map((column, index) => ({
      name: column.name,
      type: declaredType(column, dialect),
      nullable: acceptsNull(column, dialect),
      default: defaultSql(column, dialect),
      collation: collationOf(table, index, dialect),
      generated: dialect === 'sqlite' ? column.identity === 'autoincrement' : column.identity !== null,
    })),
    primaryKey: table.primaryKey,
    uniques: dialect === 'postgresql' ? table.uniques : [],
    indexes: [
      ...(dialect === 'sqlite' ? uniqueIndexes : []),
      ...table.indexes.map((index) => ({
        name: index.name,
        keys: index.keys.map((key) => normaliseSql('column' in key ? key.column : key.expression)),
        unique: index.unique,
        where: index.where === null ? null : normaliseSql(index.where),
      })),
    ],
    foreignKeys: foreignKeysOn(table, dialect).map((key) => ({
      name: dialect === 'postgresql' ? key.name : null,
      columns: key.columns,
      table: key.table,
      referencedColumns: key.referencedColumns,
      onDelete: key.onDelete,
      onUpdate: key.onUpdate,
      deferred: key.deferred,
    })),
    withoutRowId: dialect === 'sqlite' && table.withoutRowId,
  };
}

/** What the database of the dialect must report for the whole description. */
export function expectedSchema(schema: SchemaDescription, dialect: Dialect): DatabaseSchema {
  return {
    tables: schema.tables.filter((table) => table.only === null || table.only === dialect).map((table) => expectedTable(table, dialect)),
    idSequences: [...schema.idSequences].sort(),
  };
}
