import type { SqlContext } from '../db/sql-context.js';
import { ID_SEQUENCES, postgresSequenceName, TABLES } from '../schema/index.js';
import { ARCHIVED_TABLES } from './archive-format.js';

/** The database-assigned id columns of the archived tables, as `[table, column, identity]`. */
export const ARCHIVED_SERIALS = ARCHIVED_TABLES.flatMap((table) =>
  table.columns.flatMap((column) => (column.identity === null ? [] : [[table.name, column.name, column.identity] as const])),
);

/** The column whose ids each id sequence hands out. */
const ID_SEQUENCE_COLUMNS: Readonly<Record<(typeof ID_SEQUENCES)[number], readonly [table: string, column: string]>> = {
  content_field: [TABLES.contentField.$name, TABLES.contentField.$column('id')],
  content_type: [TABLES.contentType.$name, TABLES.contentType.$column('id')],
  field_definition: [TABLES.fieldDefinition.$name, TABLES.fieldDefinition.$column('id')],
  url_alias: [TABLES.urlAlias.$name, TABLES.urlAlias.$column('id')],
};

/** PostgreSQL: the last value a sequence handed out (0 when none). */
async function lastValue(ctx: SqlContext, sequence: string): Promise<number> {
  const [row] = await ctx.rawRows(`SELECT last_value, is_called FROM ${sequence}`);
  if (row === undefined) return 0;
  return row.bool('is_called') ? row.int('last_value') : row.int('last_value') - 1;
}

/** The last id each id sequence handed out, by name (PostgreSQL sequences; SQLite `id_sequence` rows). */
export async function readIdSequences(ctx: SqlContext): Promise<Record<string, number>> {
  const positions: Record<string, number> = {};
  if (ctx.dialect === 'postgresql') {
    for (const name of ID_SEQUENCES) positions[name] = await lastValue(ctx, postgresSequenceName(name));
    return positions;
  }
  const { idSequence } = TABLES;
  for (const row of await ctx.rawRows(`SELECT ${idSequence.name}, ${idSequence.lastId} FROM ${idSequence}`)) {
    const name = row.strOrNull(idSequence.name);
    if (name !== null) positions[name] = row.int(idSequence.lastId);
  }
  return positions;
}

/**
 * The highest id each database-assigned column of the archived tables ever handed out, as `table.column`
 * (PostgreSQL serial sequences; SQLite AUTOINCREMENT counters in `sqlite_sequence` — rowid tables keep none, their
 * next id follows the highest present).
 */
export async function readSerials(ctx: SqlContext): Promise<Record<string, number>> {
  const positions: Record<string, number> = {};
  if (ctx.dialect === 'postgresql') {
    for (const [table, column] of ARCHIVED_SERIALS) {
      const [row] = await ctx.rawRows('SELECT pg_get_serial_sequence(?, ?) AS name', [table, column]);
      const sequence = row?.strOrNull('name') ?? null;
      if (sequence !== null) positions[`${table}.${column}`] = await lastValue(ctx, sequence);
    }
    return positions;
  }
  const counters = new Map((await ctx.rawRows('SELECT name, seq FROM sqlite_sequence')).map((row) => [row.str('name'), row.int('seq')]));
  for (const [table, column, identity] of ARCHIVED_SERIALS) {
    const counter = counters.get(table);
    if (identity === 'autoincrement' && counter !== undefined) positions[`${table}.${column}`] = counter;
  }
  return positions;
}

/**
 * After an import: moves every id generator past both the imported ids and the position the source had reached,
 * so that new ids never collide with imported ones nor reuse ids the source had handed out.
 */
export async function restorePositions(
  ctx: SqlContext,
  sequences: Readonly<Record<string, number>>,
  serials: Readonly<Record<string, number>>,
): Promise<void> {
  for (const name of ID_SEQUENCES) {
    const [table, column] = ID_SEQUENCE_COLUMNS[name];
    const [row] = await ctx.rawRows(`SELECT COALESCE(MAX(${column}), 0) AS highest FROM ${table}`);
    const highest = Math.max(row?.int('highest') ?? 0, sequences[name] ?? 0);
    if (ctx.dialect === 'postgresql') {
      await ctx.run(`SELECT setval('${postgresSequenceName(name)}', ?, true)`, [Math.max(1, highest)]);
    } else {
      const { idSequence } = TABLES;
      await ctx.run(`UPDATE ${idSequence} SET ${idSequence.lastId} = ? WHERE ${idSequence.name} = ?`, [highest, name]);
    }
  }
  for (const [table, column, identity] of ARCHIVED_SERIALS) {
    const source = serials[`${table}.${column}`] ?? 0;
    if (ctx.dialect === 'postgresql') {
      await ctx.run(
        `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), GREATEST(COALESCE((SELECT MAX(${column}) FROM ${table}), 0), ?) + 1, false)`,
        [source],
      );
    } else if (identity === 'autoincrement') {
      const [row] = await ctx.rawRows(`SELECT COALESCE(MAX(${column}), 0) AS highest FROM ${table}`);
      const highest = Math.max(row?.int('highest') ?? 0, source);
      await ctx.run('DELETE FROM sqlite_sequence WHERE name = ?', [table]);
      if (highest > 0) await ctx.run('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)', [table, highest]);
    }
  }
}
