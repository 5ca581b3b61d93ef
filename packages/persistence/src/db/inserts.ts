import type { DbRow } from '../mappers/row-encoders.js';
import { SCHEMA, TABLES, type TableRef } from '../schema/index.js';
import { chunks } from './batches.js';
import type { SqlContext } from './sql-context.js';
import type { SqlValue } from './sql-session.js';
import { placeholders, sql, StatementsBySize, type Statement } from './statement.js';

/** Multi-row INSERT statements per table and column list, each compiled once per row count. */
const insertFamilies = new Map<string, StatementsBySize>();

/**
 * The multi-row INSERT of `rows` rows into `table` (`columns`: SQL names, in order), precompiled and cached per
 * shape, with `RETURNING <returning>` when given.
 */
function insertStatement(table: string, columns: readonly string[], rows: number, returning = ''): Statement {
  const key = `${table}(${columns.join(',')})${returning}`;
  let family = insertFamilies.get(key);
  if (!family) {
    const row = `(${placeholders(columns.length)})`;
    const head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `;
    const tail = returning === '' ? '' : ` RETURNING ${returning}`;
    family = new StatementsBySize((size) => head + Array.from({ length: size }, () => row).join(', ') + tail);
    insertFamilies.set(key, family);
  }
  return family.of(rows);
}

/** The parameters of `rows` in `keys` order, row after row. @throws Error when a row lacks a column. */
function flatten(rows: readonly AnyRow[], keys: readonly string[]): SqlValue[] {
  const params: SqlValue[] = [];
  for (const row of rows) {
    for (const key of keys) {
      const value = row[key];
      if (value === undefined) throw new Error(`Insert: row without column '${key}'`);
      params.push(value);
    }
  }
  return params;
}

/** A row as the implementations read it (keys: column keys of a ref, or SQL names). */
type AnyRow = Readonly<Record<string, SqlValue | undefined>>;

/** The keys of a row and their SQL names in `table`. */
function columnsOf(table: TableRef<string>, row: AnyRow): { keys: string[]; names: string[] } {
  const keys = Object.keys(row).filter((key) => row[key] !== undefined);
  return { keys, names: keys.map((key) => table.$column(key)) };
}

/** Described tables by SQL name, for the inserts that name their table by a string. */
const DESCRIBED = new Map(SCHEMA.tables.map((table) => [table.name, new Set(table.columns.map((column) => column.name))]));

/** @throws Error when `table` or one of `columns` is not in the schema description. */
function assertDescribed(table: string, columns: readonly string[]): void {
  const described = DESCRIBED.get(table);
  const unknown = described === undefined ? [table] : columns.filter((column) => !described.has(column));
  if (unknown.length > 0) throw new Error(`Insert into ${table}: not in the schema description: ${unknown.join(', ')}`);
}

/**
 * Inserts rows (all with the columns of the first one) in multi-row statements of at most {@link chunks}' batch
 * size. No-op for an empty list. Rows are keyed by column key of the {@link TableRef}; a table named by a string
 * takes rows keyed by SQL column names, checked against the schema description.
 * @throws Error when a row lacks a column of the first row, or a string-named table or column is not described.
 */
export async function insertRows<K extends string>(
  ctx: SqlContext,
  table: TableRef<K>,
  rows: readonly { readonly [P in K]?: SqlValue }[],
): Promise<void>;
export async function insertRows(ctx: SqlContext, table: string, rows: readonly DbRow[]): Promise<void>;
export async function insertRows(ctx: SqlContext, table: TableRef<string> | string, rows: readonly AnyRow[]): Promise<void> {
  const [first] = rows;
  if (!first) return;
  let into: string;
  let keys: string[];
  let names: string[];
  if (typeof table === 'string') {
    into = table;
    keys = names = Object.keys(first);
    assertDescribed(table, names);
  } else {
    into = table.$name;
    ({ keys, names } = columnsOf(table, first));
  }
  for (const batch of chunks(rows)) await ctx.write(insertStatement(into, names, batch.length), flatten(batch, keys));
}

/** Inserts one row and returns the id the database assigned (`RETURNING id`, on both dialects). */
export async function insertReturningId<K extends string>(
  ctx: SqlContext,
  table: TableRef<K>,
  row: { readonly [P in K]?: SqlValue },
): Promise<number> {
  const { keys, names } = columnsOf(table, row);
  const inserted = await ctx.one(insertStatement(table.$name, names, 1, 'id'), flatten([row], keys));
  if (!inserted) throw new Error(`INSERT INTO ${table.$name} returned no id`);
  return inserted.int('id');
}

const { content } = TABLES;
const LOCK_CONTENT_ROW = sql<[contentId: number]>(`SELECT ${content.id} FROM ${content} WHERE ${content.id} = ? FOR UPDATE`);

/**
 * Locks a content row until the end of the current transaction on PostgreSQL (`SELECT … FOR UPDATE`), so that
 * concurrent version operations on the same item serialise. SQLite needs nothing: one connection runs one
 * transaction at a time.
 */
export async function lockContentRow(ctx: SqlContext, contentId: number): Promise<void> {
  if (ctx.dialect === 'postgresql') await ctx.all(LOCK_CONTENT_ROW, [contentId]);
}
