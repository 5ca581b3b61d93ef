import type { Dialect } from '../db/dialect.js';
import type { SqlValue } from '../db/sql-session.js';
import { snakeCase, type ColumnSpec } from './columns.js';

/** A column of a described table, with its SQL name. */
export interface ColumnDescription extends ColumnSpec {
  readonly name: string;
}

/** One key of an index: a column's SQL name, or an SQL expression over the columns (`lower(login)`). */
export type IndexKey = { readonly column: string } | { readonly expression: string };

/** A unique constraint (PostgreSQL `UNIQUE` constraint, SQLite unique index) under its name. */
export interface UniqueDescription {
  readonly name: string;
  readonly columns: readonly string[];
}

/** An index: plain, unique (`unique`), on expressions, and/or partial (`where`, SQL over the columns). */
export interface IndexDescription {
  readonly name: string;
  readonly keys: readonly IndexKey[];
  readonly unique: boolean;
  readonly where: string | null;
}

/** What a foreign key does when the referenced row is deleted or its key updated. */
export type ReferentialAction = 'no action' | 'cascade';

/** A foreign key (named on PostgreSQL; SQLite keeps no names). */
export interface ForeignKeyDescription {
  readonly name: string;
  readonly columns: readonly string[];
  readonly table: string;
  readonly referencedColumns: readonly string[];
  readonly onDelete: ReferentialAction;
  readonly onUpdate: ReferentialAction;
  /**
   * `DEFERRABLE INITIALLY DEFERRED`: checked when the transaction commits, not after each statement, for keys
   * whose referenced row a write may delete and insert again (a content type's published definitions).
   */
  readonly deferred: boolean;
  /** The one dialect the key exists on, or null for both. */
  readonly only: Dialect | null;
}

/** One table of the description, in SQL names: the data `schema/ddl.ts` renders and the schema tests compare. */
export interface TableDescription {
  readonly name: string;
  readonly columns: readonly ColumnDescription[];
  readonly primaryKey: readonly string[];
  readonly uniques: readonly UniqueDescription[];
  readonly indexes: readonly IndexDescription[];
  readonly foreignKeys: readonly ForeignKeyDescription[];
  /** SQLite `WITHOUT ROWID` (the table is its primary key's b-tree). */
  readonly withoutRowId: boolean;
  /** The one dialect the table exists on, or null for both. */
  readonly only: Dialect | null;
}

/**
 * SQL names of one table for writing statements (see the package README, "Writing SQL"): every column key is
 * a property holding the column's SQL name — qualified by the alias for a ref made by {@link TableRef.$as} —
 * and the ref itself interpolates as its FROM item (`content`, or `content AS c`):
 *
 * ```ts
 * const c = TABLES.content.$as('c');
 * sql(`SELECT ${c.id} FROM ${c} WHERE ${c.remoteId} = ?`); // SELECT c.id FROM content AS c WHERE c.remote_id = ?
 * ```
 */
export type TableRef<K extends string> = { readonly [P in K]: string } & TableRefBase<K>;

/** The `$` members of a {@link TableRef} (column keys never start with `$`). */
export interface TableRefBase<K extends string> {
  /** The table's SQL name. */
  readonly $name: string;
  /** The alias its columns are qualified with, or null (bare column names). */
  readonly $alias: string | null;
  /** Every column key, in table order. */
  readonly $keys: readonly K[];
  /** The table's description (types, keys, indexes). */
  readonly $table: TableDescription;
  /** `*`, or `<alias>.*`. */
  readonly $all: string;
  /** The same table under `alias`: columns `alias.column`, FROM item `table AS alias`. */
  $as(alias: string): TableRef<K>;
  /** Columns qualified by the table's own name (`content.id`), e.g. in the subqueries of an UPDATE of it. */
  $qualified(): TableRef<K>;
  /** A comma-separated list of columns (qualified as the ref's columns are). */
  $list(keys: readonly K[]): string;
  /** A column's bare SQL name (never qualified): INSERT column lists, UPDATE SET targets, result columns. */
  $column(key: K): string;
  /** `column = ?, …` of an UPDATE's SET list (bare names), in `keys` order. */
  $set(keys: readonly K[]): string;
  /** The FROM item: `content`, or `content AS c`. */
  toString(): string;
}

/** The column keys of a {@link TableRef}. */
export type ColumnKey<T> = T extends { readonly $keys: readonly (infer K extends string)[] } ? K : never;

/** A row of a table by column key (camelCase): what row encoders return and `db/inserts.ts` writes. */
export type TableRow<T> = { readonly [P in ColumnKey<T>]?: SqlValue };

/** Indexes as written in a table definition: column keys or expressions, a name unless the default fits. */
export interface IndexSpec<K extends string> {
  readonly columns: readonly (K | { readonly expression: string })[];
  readonly name?: string;
  readonly unique?: true;
  /** Partial index predicate, SQL over the columns' SQL names. */
  readonly where?: string;
}

/** A foreign key as written in a table definition (see {@link references}). */
export interface ForeignKeySpec<K extends string> {
  readonly columns: readonly K[];
  readonly references: { readonly table: string; readonly columns: readonly string[] };
  readonly onDelete?: ReferentialAction;
  readonly name?: string;
  /** Checked at commit (see {@link ForeignKeyDescription.deferred}). */
  readonly deferred?: true;
  /** Only on this dialect (see {@link ForeignKeyDescription.only}). */
  readonly only?: Dialect;
}

/** The keys and options of a table definition. */
export interface TableSpec<K extends string> {
  readonly primaryKey: readonly K[];
  /** Unique constraints; named `<table>_<columns>_unique` unless `name` is given. */
  readonly uniques?: readonly { readonly columns: readonly K[]; readonly name?: string }[];
  /** Indexes; plain column indexes are named `<table>_<columns>_index` unless `name` is given. */
  readonly indexes?: readonly IndexSpec<K>[];
  readonly foreignKeys?: readonly ForeignKeySpec<K>[];
  readonly withoutRowId?: true;
  readonly only?: Dialect;
}

/** PostgreSQL keeps the first 63 bytes of an identifier (knex-named foreign keys can be longer). */
const POSTGRES_IDENTIFIER_LENGTH = 63;

/** The target of a foreign key: `columns` of `table`, checked against its column keys. */
export function references<R extends string>(
  table: TableRef<R>,
  ...columns: readonly R[]
): { readonly table: string; readonly columns: readonly string[] } {
  return { table: table.$name, columns: columns.map((key) => table.$table.columns[table.$keys.indexOf(key)]?.name ?? key) };
}

/**
 * Defines a table of the description from its columns (keys in camelCase; SQL names in snake_case) and keys,
 * and returns its {@link TableRef}. Default names follow the committed migrations (knex): `<table>_<columns>_index`,
 * `_unique`, `_foreign` (cut to PostgreSQL's 63 bytes).
 * @throws Error when a column key is not camelCase or a key names no column.
 */
export function defineTable<const C extends Record<string, ColumnSpec>>(
  name: string,
  columns: C,
  spec: TableSpec<keyof C & string>,
): TableRef<keyof C & string> {
  type K = keyof C & string;
  const keys = Object.keys(columns) as K[];
  const invalid = keys.find((key) => !/^[a-z][a-zA-Z0-9]*$/.test(key));
  if (invalid !== undefined) throw new Error(`Table ${name}: column key '${invalid}' is not camelCase`);
  const sqlName = (key: K): string => {
    if (!keys.includes(key)) throw new Error(`Table ${name}: no column '${key}'`);
    return snakeCase(key);
  };
  const names = (list: readonly K[]): string[] => list.map(sqlName);
  const description: TableDescription = {
    name,
    columns: Object.entries(columns).map(([key, spec]) => ({ ...pickSpec(spec), name: snakeCase(key) })),
    primaryKey: names(spec.primaryKey),
    uniques: (spec.uniques ?? []).map((unique) => ({
      name: unique.name ?? `${name}_${names(unique.columns).join('_')}_unique`,
      columns: names(unique.columns),
    })),
    indexes: (spec.indexes ?? []).map((index) => {
      const indexKeys = index.columns.map((key): IndexKey => (typeof key === 'string' ? { column: sqlName(key) } : key));
      const plain = indexKeys.map((key) => ('column' in key ? key.column : null));
      if (index.name === undefined && (plain.includes(null) || index.where !== undefined)) {
        throw new Error(`Table ${name}: an expression or partial index needs a name`);
      }
      const suffix = index.unique ? 'unique' : 'index';
      return {
        name: index.name ?? `${name}_${plain.join('_')}_${suffix}`,
        keys: indexKeys,
        unique: index.unique ?? false,
        where: index.where ?? null,
      };
    }),
    foreignKeys: (spec.foreignKeys ?? []).map((key) => ({
      name: (key.name ?? `${name}_${names(key.columns).join('_')}_foreign`).slice(0, POSTGRES_IDENTIFIER_LENGTH),
      columns: names(key.columns),
      table: key.references.table,
      referencedColumns: key.references.columns,
      onDelete: key.onDelete ?? 'no action',
      onUpdate: 'no action',
      deferred: key.deferred ?? false,
      only: key.only ?? null,
    })),
    withoutRowId: spec.withoutRowId ?? false,
    only: spec.only ?? null,
  };
  return tableRef(description, keys, null);
}

function pickSpec(spec: ColumnSpec): ColumnSpec {
  const { type, nullable, binary, defaultValue, identity, sqlite } = spec;
  return { type, nullable, binary, defaultValue, identity, sqlite };
}

function tableRef<K extends string>(table: TableDescription, keys: readonly K[], alias: string | null): TableRef<K> {
  const qualify = (column: string): string => (alias === null ? column : `${alias}.${column}`);
  const columnName = (key: K): string => table.columns[keys.indexOf(key)]?.name ?? key;
  const names = {} as { [P in K]: string };
  for (const key of keys) names[key] = qualify(columnName(key));
  const from = alias === null || alias === table.name ? table.name : `${table.name} AS ${alias}`;
  const base: TableRefBase<K> = {
    $name: table.name,
    $alias: alias,
    $keys: keys,
    $table: table,
    $all: qualify('*'),
    $as: (as) => tableRef(table, keys, as),
    $qualified: () => tableRef(table, keys, table.name),
    $list: (list) => list.map((key) => qualify(columnName(key))).join(', '),
    $column: columnName,
    $set: (list) => list.map((key) => `${columnName(key)} = ?`).join(', '),
    toString: () => from,
  };
  return Object.freeze({ ...names, ...base });
}
