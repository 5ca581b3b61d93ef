import { binaryText, type DdlWriter } from '../ddl-writer.js';

/**
 * The search index written at publish time (`SearchHandler.indexContent`):
 * - `search_field`: one row per field and language with its sort keys (Field criteria and sort clauses);
 * - `search_field_element`: one row per element of collection fields (keywords, selections, relation lists);
 * - `search_text`: the full text per content item and language, indexed by SQLite FTS5 (external-content table
 *   `search_text_fts` kept in sync by triggers) or by a PostgreSQL generated `tsvector` column with a GIN index.
 * No foreign keys: the index is maintained by the search handler, not by content deletes.
 */
export function createSearchTables(writer: DdlWriter): void {
  const { knex, schema, dialect } = writer;
  schema(
    knex.schema.createTable('search_field', (t) => {
      t.integer('content_id').notNullable();
      t.integer('field_definition_id').notNullable();
      t.string('language_code', 20).notNullable();
      t.string('field_def_identifier', 50).notNullable();
      t.string('field_type_identifier', 50).notNullable();
      t.integer('content_type_id').notNullable();
      t.bigInteger('sort_key_int').nullable();
      t.specificType('sort_key_string', binaryText(dialect, 'varchar(255)')).nullable();
      t.primary(['content_id', 'field_definition_id', 'language_code']);
      t.index(['field_definition_id', 'sort_key_int']);
      t.index(['field_definition_id', 'sort_key_string']);
      t.index(['field_def_identifier', 'content_type_id']);
    }),
  );
  schema(
    knex.schema.createTable('search_field_element', (t) => {
      t.integer('content_id').notNullable();
      t.integer('field_definition_id').notNullable();
      t.string('language_code', 20).notNullable();
      t.integer('position').notNullable();
      t.bigInteger('value_int').nullable();
      t.specificType('value_string', binaryText(dialect, 'varchar(255)')).nullable();
      t.primary(['content_id', 'field_definition_id', 'language_code', 'position']);
      t.index(['field_definition_id', 'value_string']);
      t.index(['field_definition_id', 'value_int']);
    }),
  );
  schema(
    knex.schema.createTable('search_text', (t) => {
      t.increments('id');
      t.integer('content_id').notNullable();
      t.string('language_code', 20).notNullable();
      t.text('text').notNullable();
      t.index(['content_id']);
    }),
  );
  if (dialect === 'postgresql') createPostgresFullText(writer);
  else createSqliteFullText(writer);
}

function createPostgresFullText({ sql }: DdlWriter): void {
  sql(`ALTER TABLE search_text ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', text)) STORED`);
  sql('CREATE INDEX search_text_tsv_index ON search_text USING GIN (tsv)');
}

function createSqliteFullText({ sql }: DdlWriter): void {
  sql(
    `CREATE VIRTUAL TABLE search_text_fts USING fts5(text, content='search_text', content_rowid='id', ` +
      `tokenize='unicode61 remove_diacritics 2')`,
  );
  sql(
    'CREATE TRIGGER search_text_after_insert AFTER INSERT ON search_text BEGIN ' +
      'INSERT INTO search_text_fts (rowid, text) VALUES (new.id, new.text); END',
  );
  sql(
    'CREATE TRIGGER search_text_after_delete AFTER DELETE ON search_text BEGIN ' +
      `INSERT INTO search_text_fts (search_text_fts, rowid, text) VALUES ('delete', old.id, old.text); END`,
  );
  sql(
    'CREATE TRIGGER search_text_after_update AFTER UPDATE ON search_text BEGIN ' +
      `INSERT INTO search_text_fts (search_text_fts, rowid, text) VALUES ('delete', old.id, old.text); ` +
      'INSERT INTO search_text_fts (rowid, text) VALUES (new.id, new.text); END',
  );
}
