import type { SqlContext } from './sql-context.js';
import { sql, type Statement } from './statement.js';

/**
 * Id generators for tables whose primary key is composite (ids shared across versions or statuses), where no
 * autoincrement column can hand them out: `content_field` (id, version_no), `content_type` and
 * `field_definition` (id, status). PostgreSQL uses real sequences `<name>_id_seq` (safe across nodes);
 * SQLite uses the `id_sequence` table (one connection serialises all writers, so a row update is enough).
 * Ids are never reused, even after deletions.
 */
export type SequenceName = 'content_field' | 'content_type' | 'field_definition';

/** Every sequence, for the seed importer. */
export const SEQUENCE_NAMES: readonly SequenceName[] = ['content_field', 'content_type', 'field_definition'];

/** PostgreSQL: `count` values of a sequence. */
const NEXT_VALUES: Readonly<Record<SequenceName, Statement<[count: number]>>> = {
  content_field: sql("SELECT nextval('content_field_id_seq') AS id FROM generate_series(1, ?)"),
  content_type: sql("SELECT nextval('content_type_id_seq') AS id FROM generate_series(1, ?)"),
  field_definition: sql("SELECT nextval('field_definition_id_seq') AS id FROM generate_series(1, ?)"),
};
/** SQLite: moves the `id_sequence` row by `count`, returning the last id handed out. */
const ADVANCE_ID_SEQUENCE = sql<[count: number, name: string]>(
  'UPDATE id_sequence SET last_id = last_id + ? WHERE name = ? RETURNING last_id',
);

/**
 * Allocates `count` new ids of a sequence, in ascending order.
 * @throws Error when called outside a transaction on SQLite (allocation and use must be atomic there).
 */
export async function allocateIds(ctx: SqlContext, name: SequenceName, count: number): Promise<number[]> {
  if (count <= 0) return [];
  if (ctx.dialect === 'postgresql') {
    const rows = await ctx.all(NEXT_VALUES[name], [count]);
    return rows.map((row) => row.int('id')).sort((a, b) => a - b);
  }
  if (!ctx.inTransaction) throw new Error('allocateIds must run inside a transaction on SQLite');
  const last = (await ctx.one(ADVANCE_ID_SEQUENCE, [count, name]))?.int('last_id');
  if (last === undefined) throw new Error(`Unknown id sequence '${name}'`);
  return Array.from({ length: count }, (_, index) => last - count + 1 + index);
}

/** Moves a sequence so that the next id it hands out is greater than `maxUsedId`. */
export async function advanceSequence(ctx: SqlContext, name: SequenceName, maxUsedId: number): Promise<void> {
  if (ctx.dialect === 'postgresql') {
    await ctx.run(`SELECT setval('${name}_id_seq', GREATEST(?, (SELECT last_value FROM ${name}_id_seq)))`, [
      Math.max(1, maxUsedId),
    ]);
    return;
  }
  await ctx.run('UPDATE id_sequence SET last_id = MAX(last_id, ?) WHERE name = ?', [maxUsedId, name]);
}
