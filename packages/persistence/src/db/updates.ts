import type { DbRow } from '../mappers/row-encoders.js';
import type { SqlValue } from './sql-session.js';
import { Statement } from './statement.js';

/** UPDATE statements per table, column set and RETURNING list (bounded: column sets come from patch types). */
const updates = new Map<string, Statement>();
const UPDATE_SHAPES = 500;

/**
 * `UPDATE <table> SET <columns of patch> = ? … WHERE id = ?` (with `RETURNING <returning>` when given),
 * precompiled once per column set; the parameters are the patch values in key order, then `id`.
 */
export function updateById(
  table: string,
  patch: DbRow,
  id: number,
  returning = '',
): { readonly statement: Statement; readonly params: SqlValue[] } {
  const columns = Object.keys(patch);
  const key = `${table}:${columns.join(',')}:${returning}`;
  let statement = updates.get(key);
  if (!statement) {
    if (updates.size >= UPDATE_SHAPES) updates.clear();
    const tail = returning === '' ? '' : ` RETURNING ${returning}`;
    statement = new Statement(`UPDATE ${table} SET ${columns.map((column) => `${column} = ?`).join(', ')} WHERE id = ?${tail}`);
    updates.set(key, statement);
  }
  return { statement, params: [...columns.map((column) => patch[column] ?? null), id] };
}
