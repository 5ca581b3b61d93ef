import type { SqlContext } from '../db/sql-context.js';

/** Tables with an autoincrement `id` (knex `increments`: SQLite AUTOINCREMENT, PostgreSQL serial). */
export const SERIAL_TABLES = [
  'section',
  'content_type_group',
  'content',
  'content_version',
  'content_relation',
  'pending_location',
  'location',
  'role',
  'policy',
  'role_assignment',
  'object_state_group',
  'object_state',
] as const;

/**
 * Moves the serial sequence of every autoincrement table past the highest id present, after rows were inserted
 * with explicit ids. PostgreSQL: `setval(pg_get_serial_sequence(table, 'id'), max(id) + 1, false)`. SQLite needs
 * nothing: AUTOINCREMENT keeps `sqlite_sequence` at the highest id ever inserted, explicit ones included.
 */
export async function resetSerialSequences(ctx: SqlContext): Promise<void> {
  if (ctx.dialect !== 'postgresql') return;
  for (const table of SERIAL_TABLES) {
    await ctx.run(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), COALESCE((SELECT MAX(id) FROM ${table}), 0) + 1, false)`,
    );
  }
}
