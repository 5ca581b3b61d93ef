import type { TableRef } from '../schema/index.js';
import type { SqlValue } from './sql-session.js';
import { Statement } from './statement.js';

/** UPDATE statements per table, column set and RETURNING list (bounded: column sets come from patch types). */
const updates = new Map<string, Statement>();
const UPDATE_SHAPES = 500;

/**
 * `UPDATE <table> SET <columns of patch> = ? … WHERE id = ?` (with `RETURNING <returning>` when given),
 * precompiled once per column set; the parameters are the patch values in key order, then `id`. The patch is
 * keyed by the table's column keys; `table` is an unaliased ref with an `id` column.
 */
export function updateById<K extends string>(
  table: TableRef<K> & { readonly id: string },
  patch: { readonly [P in K]?: SqlValue },
  id: number,
  returning = '',
): { readonly statement: Statement; readonly params: SqlValue[] } {
  const keys = (Object.keys(patch) as K[]).filter((key) => patch[key] !== undefined);
  const key = `${table.$name}:${keys.join(',')}:${returning}`;
  let statement = updates.get(key);
  if (!statement) {
    if (updates.size >= UPDATE_SHAPES) updates.clear();
    const tail = returning === '' ? '' : ` RETURNING ${returning}`;
    statement = new Statement(`UPDATE ${table.$name} SET ${table.$set(keys)} WHERE ${table.id} = ?${tail}`);
    updates.set(key, statement);
  }
  return { statement, params: [...keys.map((column) => patch[column] ?? null), id] };
}
