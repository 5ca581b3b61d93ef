import { SchemaMigration } from './schema-migration.js';

/**
 * Trigram indexes for Field CONTAINS on text lines (`ezstring` entries of `search_field`), so that a substring
 * search reads the entries holding the pattern's trigrams instead of testing every value
 * (docs/adr/0004-search-semantics.md, "Substring search on text lines"). Optional accelerators outside the schema
 * description (the description has no virtual tables, triggers or operator classes; `schema/introspection.ts`
 * leaves them out): results never depend on them, only speed.
 *
 * - SQLite: `search_field_trigram`, an FTS5 table with the case-sensitive `trigram` tokenizer over the
 *   `sort_key_string` of the `ezstring` rows of `search_field` (external content keyed by `search_field`'s rowid,
 *   `columnsize=0`), kept in step by triggers on `search_field`, and filled from the existing rows. A `VACUUM`
 *   may renumber `search_field`'s rowids: run the `delete-all` and fill statements below again after one.
 * - PostgreSQL: `pg_trgm` (created if missing; in schema `public`) and a partial GIN index
 *   `search_field_sort_key_string_trigram_index` on the same rows. Without the privilege to create the extension
 *   (or without the extension), nothing is created and the migration still succeeds: CONTAINS then scans, as
 *   before.
 *
 * Written by hand (the generator cannot express these objects); committed as is, never edited once released.
 */
export class SearchFieldTrigramsMigration extends SchemaMigration {
  override up(): void {
    this.statements({
      sqlite: [
        "CREATE VIRTUAL TABLE search_field_trigram USING fts5(sort_key_string, content='search_field', content_rowid='rowid', " +
          "tokenize='trigram case_sensitive 1', columnsize=0)",
        "CREATE TRIGGER search_field_trigram_insert AFTER INSERT ON search_field WHEN new.field_type_identifier = 'ezstring' " +
          'BEGIN INSERT INTO search_field_trigram (rowid, sort_key_string) VALUES (new.rowid, new.sort_key_string); END',
        "CREATE TRIGGER search_field_trigram_delete AFTER DELETE ON search_field WHEN old.field_type_identifier = 'ezstring' " +
          "BEGIN INSERT INTO search_field_trigram (search_field_trigram, rowid, sort_key_string) VALUES ('delete', old.rowid, old.sort_key_string); END",
        'CREATE TRIGGER search_field_trigram_update AFTER UPDATE ON search_field BEGIN ' +
          "INSERT INTO search_field_trigram (search_field_trigram, rowid, sort_key_string) SELECT 'delete', old.rowid, old.sort_key_string " +
          "WHERE old.field_type_identifier = 'ezstring'; " +
          'INSERT INTO search_field_trigram (rowid, sort_key_string) SELECT new.rowid, new.sort_key_string ' +
          "WHERE new.field_type_identifier = 'ezstring'; END",
        "INSERT INTO search_field_trigram (search_field_trigram) VALUES ('delete-all')",
        "INSERT INTO search_field_trigram (rowid, sort_key_string) SELECT rowid, sort_key_string FROM search_field WHERE field_type_identifier = 'ezstring'",
      ],
      postgresql: [
        'DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public; ' +
          "EXCEPTION WHEN others THEN RAISE NOTICE 'pg_trgm unavailable (%): substring search without a trigram index', SQLERRM; END $$",
        'DO $$ DECLARE ops text; BEGIN ' +
          "SELECT quote_ident(n.nspname) || '.gin_trgm_ops' INTO ops FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace " +
          "WHERE e.extname = 'pg_trgm'; " +
          'IF ops IS NOT NULL THEN ' +
          "EXECUTE 'CREATE INDEX search_field_sort_key_string_trigram_index ON search_field USING gin (sort_key_string ' || ops || ') " +
          "WHERE field_type_identifier = ''ezstring'''; " +
          'END IF; ' +
          "EXCEPTION WHEN others THEN RAISE NOTICE 'trigram index not created (%)', SQLERRM; END $$",
      ],
    });
  }
}
