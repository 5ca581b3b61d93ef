import { SchemaMigration } from './schema-migration.js';

/**
 * The word index in one row per item and language instead of one per word, searched through the database's own
 * inverted index: `search_word_list` holds the ids of an item's dictionary words in one language (ascending,
 * separated by spaces) under the id `content_id × 32 + slot` (the slots of an item's languages numbered from 0 in
 * language-code order here), filled from the postings of `search_word_link`, which is dropped. One row per word
 * and item (with a second index by item) took about two thirds of the search index's space; the lists and the
 * inverted index below take a fraction of it, and FullText still reads only the postings of the matched words.
 *
 * - SQLite: `search_word_list_fts`, an FTS5 table of external content keyed by `search_word_list.id` (the rowid, which
 *   `VACUUM` keeps; its item is `rowid >> 5`), tokenising the ids with the `ascii` tokenizer, `detail=none` and
 *   `columnsize=0` (FullText needs which lists hold a word, nothing more), kept in step by triggers.
 * - PostgreSQL: a GIN index on the ids as an integer array (`CAST(string_to_array(word_ids, ' ') AS integer[])`,
 *   the expression the queries use), for `&&` and `@>`.
 *
 * The FTS5 table, triggers and GIN index are outside the schema description (`schema/introspection.ts` leaves them
 * out). Written by hand from the generated table statements; committed as is, never edited once released.
 */
export class SearchWordListsMigration extends SchemaMigration {
  override up(): void {
    this.statements({
      sqlite: [
        'CREATE TABLE "search_word_list" ("id" integer NOT NULL, "content_id" integer NOT NULL, "language_code" varchar(20) NOT NULL, "word_ids" text NOT NULL, PRIMARY KEY ("id"))',
        'CREATE UNIQUE INDEX "search_word_list_content_id_language_code_unique" ON "search_word_list" ("content_id", "language_code")',
        "CREATE VIRTUAL TABLE search_word_list_fts USING fts5(word_ids, content='search_word_list', content_rowid='id', " +
          "tokenize='ascii', detail=none, columnsize=0)",
        'CREATE TRIGGER search_word_list_fts_insert AFTER INSERT ON search_word_list ' +
          'BEGIN INSERT INTO search_word_list_fts (rowid, word_ids) VALUES (new.id, new.word_ids); END',
        'CREATE TRIGGER search_word_list_fts_delete AFTER DELETE ON search_word_list ' +
          "BEGIN INSERT INTO search_word_list_fts (search_word_list_fts, rowid, word_ids) VALUES ('delete', old.id, old.word_ids); END",
        'CREATE TRIGGER search_word_list_fts_update AFTER UPDATE ON search_word_list BEGIN ' +
          "INSERT INTO search_word_list_fts (search_word_list_fts, rowid, word_ids) VALUES ('delete', old.id, old.word_ids); " +
          'INSERT INTO search_word_list_fts (rowid, word_ids) VALUES (new.id, new.word_ids); END',
        'INSERT INTO search_word_list (id, content_id, language_code, word_ids) ' +
          'SELECT content_id * 32 + ROW_NUMBER() OVER (PARTITION BY content_id ORDER BY language_code) - 1, content_id, language_code, words FROM (' +
          "SELECT content_id, language_code, group_concat(word_id, ' ' ORDER BY word_id) AS words FROM search_word_link " +
          'GROUP BY content_id, language_code) lists ORDER BY 1',
        'DROP TABLE "search_word_link"',
      ],
      postgresql: [
        'CREATE TABLE "search_word_list" ("id" bigint NOT NULL, "content_id" integer NOT NULL, "language_code" varchar(20) NOT NULL, "word_ids" text NOT NULL, PRIMARY KEY ("id"))',
        'CREATE UNIQUE INDEX "search_word_list_content_id_language_code_unique" ON "search_word_list" ("content_id", "language_code")',
        'INSERT INTO search_word_list (id, content_id, language_code, word_ids) ' +
          'SELECT CAST(content_id AS bigint) * 32 + ROW_NUMBER() OVER (PARTITION BY content_id ORDER BY language_code) - 1, content_id, language_code, words FROM (' +
          "SELECT content_id, language_code, string_agg(CAST(word_id AS text), ' ' ORDER BY word_id) AS words FROM search_word_link " +
          'GROUP BY content_id, language_code) lists ORDER BY 1',
        "CREATE INDEX search_word_list_word_ids_index ON search_word_list USING gin ((CAST(string_to_array(word_ids, ' ') AS integer[])))",
        'DROP TABLE "search_word_link"',
      ],
    });
  }
}
