import { ID_SEQUENCES, postgresSequenceName, TABLES, type IdSequenceName } from '../schema/index.js';
import type { SqlContext } from './sql-context.js';
import { sql, type Statement } from './statement.js';

/**
 * Id generators for tables whose ids no autoincrement column can hand out: `content_field` (id, version_no),
 * `content_type` and `field_definition` (id, status), and the node ids of `url_alias`. PostgreSQL uses real
 * sequences `<name>_id_seq` (safe across nodes); SQLite uses the `id_sequence` table (one connection serialises
 * all writers, so a row update is enough). Ids are never reused, even after deletions. The names are the schema
 * description's {@link ID_SEQUENCES}.
 */
export type SequenceName = IdSequenceName;

/** Every sequence, for the seed importer. */
export const SEQUENCE_NAMES: readonly SequenceName[] = ID_SEQUENCES;

/** PostgreSQL: `count` values of a sequence. */
const NEXT_VALUES: ReadonlyMap<SequenceName, Statement<[count: number]>> = new Map(
  ID_SEQUENCES.map((name) => [name, sql<[count: number]>(`SELECT nextval('${postgresSequenceName(name)}') AS id FROM generate_series(1, ?)`)]),
);
const { idSequence } = TABLES;
/** SQLite: moves the `id_sequence` row by `count`, returning the last id handed out. */
const ADVANCE_ID_SEQUENCE = sql<[count: number, name: string]>(
  `UPDATE ${idSequence} SET ${idSequence.lastId} = ${idSequence.lastId} + ? WHERE ${idSequence.name} = ? RETURNING ${idSequence.lastId}`,
);

/**
 * Allocates `count` new ids of a sequence, in ascending order.
 * @throws Error when called outside a transaction on SQLite (allocation and use must be atomic there).
 */
export async function allocateIds(ctx: SqlContext, name: SequenceName, count: number): Promise<number[]> {
  if (count <= 0) return [];
  if (ctx.dialect === 'postgresql') {
    const next = NEXT_VALUES.get(name);
    if (next === undefined) throw new Error(`Unknown id sequence '${name}'`);
    const rows = await ctx.all(next, [count]);
    return rows.map((row) => row.int('id')).sort((a, b) => a - b);
  }
  if (!ctx.inTransaction) throw new Error('allocateIds must run inside a transaction on SQLite');
  const last = (await ctx.one(ADVANCE_ID_SEQUENCE, [count, name]))?.int(idSequence.lastId);
  if (last === undefined) throw new Error(`Unknown id sequence '${name}'`);
  return Array.from({ length: count }, (_, index) => last - count + 1 + index);
}

/** Moves a sequence so that the next id it hands out is greater than `maxUsedId`. */
export async function advanceSequence(ctx: SqlContext, name: SequenceName, maxUsedId: number): Promise<void> {
  if (ctx.dialect === 'postgresql') {
    const sequence = postgresSequenceName(name);
    await ctx.run(`SELECT setval('${sequence}', GREATEST(?, (SELECT last_value FROM ${sequence})))`, [
      Math.max(1, maxUsedId),
    ]);
    return;
  }
  await ctx.run(`UPDATE ${idSequence} SET ${idSequence.lastId} = MAX(${idSequence.lastId}, ?) WHERE ${idSequence.name} = ?`, [maxUsedId, name]);
}
