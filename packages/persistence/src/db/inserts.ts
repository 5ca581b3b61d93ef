import type { DbRow } from '../mappers/row-encoders.js';
import { chunks } from './batches.js';
import type { SqlContext } from './sql-context.js';
import type { SqlValue } from './sql-session.js';
import { placeholders, sql, StatementsBySize, type Statement } from './statement.js';

/** Multi-row INSERT statements per table and column list, each compiled once per row count. */
const insertFamilies = new Map<string, StatementsBySize>();

/**
 * The multi-row INSERT of `rows` rows into `table` (`columns` in order), precompiled and cached per shape, with
 * `RETURNING <returning>` when given.
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

/** The parameters of `rows` in `columns` order, row after row. @throws Error when a row lacks a column. */
function flatten(rows: readonly DbRow[], columns: readonly string[]): SqlValue[] {
  const params: SqlValue[] = [];
  for (const row of rows) {
    for (const column of columns) {
      const value = row[column];
      if (value === undefined) throw new Error(`Insert: row without column '${column}'`);
      params.push(value);
    }
  }
  return params;
}

/**
 * Inserts rows (all with the columns of the first one) in multi-row statements of at most {@link chunks}' batch
 * size. No-op for an empty list.
 */
export async function insertRows(ctx: SqlContext, table: string, rows: readonly DbRow[]): Promise<void> {
  const [first] = rows;
  if (!first) return;
  const columns = Object.keys(first);
  for (const batch of chunks(rows)) {
    await ctx.write(insertStatement(table, columns, batch.length), flatten(batch, columns));
  }
}

/** Inserts one row and returns the id the database assigned (`RETURNING id`, on both dialects). */
export async function insertReturningId(ctx: SqlContext, table: string, row: DbRow): Promise<number> {
  const columns = Object.keys(row);
  const inserted = await ctx.one(insertStatement(table, columns, 1, 'id'), flatten([row], columns));
  if (!inserted) throw new Error(`INSERT INTO ${table} returned no id`);
  return inserted.int('id');
}

const LOCK_CONTENT_ROW = sql<[contentId: number]>('SELECT id FROM content WHERE id = ? FOR UPDATE');

/**
 * Locks a content row until the end of the current transaction on PostgreSQL (`SELECT … FOR UPDATE`), so that
 * concurrent version operations on the same item serialise. SQLite needs nothing: one connection runs one
 * transaction at a time.
 */
export async function lockContentRow(ctx: SqlContext, contentId: number): Promise<void> {
  if (ctx.dialect === 'postgresql') await ctx.all(LOCK_CONTENT_ROW, [contentId]);
}
