import type { SqlContext } from '../db/sql-context.js';
import { SCHEMA } from '../schema/index.js';

/**
 * The columns whose values the database assigns (`autoIncrement()` / `rowId()` in the schema description:
 * PostgreSQL serial, SQLite AUTOINCREMENT or rowid), as `[table, column]`.
 */
export const SERIAL_COLUMNS: readonly (readonly [table: string, column: string])[] = SCHEMA.tables.flatMap((table) =>
  table.columns.filter((column) => column.identity !== null).map((column) => [table.name, column.name] as const),
);

/**
 * Moves the serial sequence of every generated column past the highest value present, after rows were inserted
 * with explicit ids. PostgreSQL: `setval(pg_get_serial_sequence(table, column), max + 1, false)`. SQLite needs
 * nothing: AUTOINCREMENT keeps `sqlite_sequence` at the highest id ever inserted, explicit ones included, and a
 * rowid follows the highest one present. Tables the database does not have (yet) are left out.
 */
export async function resetSerialSequences(ctx: SqlContext): Promise<void> {
  if (ctx.dialect !== 'postgresql') return;
  for (const [table, column] of SERIAL_COLUMNS) {
    // A database migrated only part of the way (an upgrade test seeding an old schema) lacks the later tables.
    const [found] = await ctx.rawRows('SELECT to_regclass(?) IS NULL AS missing', [table]);
    if (found?.bool('missing') !== false) continue;
    await ctx.run(
      `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), COALESCE((SELECT MAX(${column}) FROM ${table}), 0) + 1, false)`,
    );
  }
}
