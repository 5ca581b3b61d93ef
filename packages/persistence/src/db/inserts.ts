import type { DbRow } from '../mappers/row-encoders.js';
import { chunks } from './batches.js';
import type { SqlContext } from './sql-context.js';

/** Inserts rows in multi-row statements of at most {@link chunks}' batch size. No-op for an empty list. */
export async function insertRows(ctx: SqlContext, table: string, rows: readonly DbRow[]): Promise<void> {
  for (const batch of chunks(rows)) await ctx.exec(ctx.kx(table).insert(batch));
}

/** Inserts one row and returns the id the database assigned (`RETURNING id`, on both dialects). */
export async function insertReturningId(ctx: SqlContext, table: string, row: DbRow): Promise<number> {
  const rows = await ctx.rows(ctx.kx(table).insert(row).returning('id'));
  const first = rows[0];
  if (!first) throw new Error(`INSERT INTO ${table} returned no id`);
  return first.int('id');
}

/**
 * Locks a content row until the end of the current transaction on PostgreSQL (`SELECT … FOR UPDATE`), so that
 * concurrent version operations on the same item serialise. SQLite needs nothing: one connection runs one
 * transaction at a time.
 */
export async function lockContentRow(ctx: SqlContext, contentId: number): Promise<void> {
  if (ctx.dialect === 'postgresql') await ctx.run('SELECT id FROM content WHERE id = ? FOR UPDATE', [contentId]);
}
