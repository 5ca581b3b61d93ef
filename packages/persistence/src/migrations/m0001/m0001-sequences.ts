import type { DdlWriter } from '../ddl-writer.js';

/** The generators this migration created (frozen: later ones come with their own migration). */
const SEQUENCE_NAMES = ['content_field', 'content_type', 'field_definition'] as const;

/**
 * Id generators of the composite-key tables (see `db/id-sequences.ts`): PostgreSQL sequences, or on SQLite the
 * `id_sequence` table (one row per generator with the last id handed out).
 */
export function createSequences({ knex, schema, sql, dialect }: DdlWriter): void {
  if (dialect === 'postgresql') {
    for (const name of SEQUENCE_NAMES) sql(`CREATE SEQUENCE ${name}_id_seq`);
    return;
  }
  schema(
    knex.schema.createTable('id_sequence', (t) => {
      t.string('name', 50).primary();
      t.bigInteger('last_id').notNullable();
    }),
  );
  for (const name of SEQUENCE_NAMES) sql(`INSERT INTO id_sequence (name, last_id) VALUES ('${name}', 0)`);
}
