import { indexWords } from '@contentrepo/core';
import { Row } from '../db/row.js';
import type { SqlValue } from '../db/sql-session.js';
import type { Statement } from '../db/statement.js';
import type { StatementRunner } from '../search/word-index.js';
import { insertWordLinks } from './m0003/word-links.js';
import { SchemaMigration } from './schema-migration.js';

/** Rows of `search_text` read per batch. */
const BATCH = 500;

/**
 * Moves the full text of 0001 to the word index of 0002 and drops it. `search_text` (FTS5 / tsvector) held each
 * item's full text per language; core's `indexWords` of that text are exactly the words of its fields, so the
 * postings written here equal what indexing the item again would write. Then the table, its FTS5 shadow table and
 * triggers (SQLite) or its tsvector column and GIN index (PostgreSQL) are dropped: FullText reads the word index
 * only (docs/adr/0004-search-semantics.md, README "Search").
 */
export class SearchWordsMigration extends SchemaMigration {
  override async up(): Promise<void> {
    const dialect = this.dialect;
    const runner: StatementRunner = {
      all: async (statement, params) => Row.all(await this.execute(statement.text('sqlite'), [...params]), dialect),
      write: async (statement: Statement, params: readonly SqlValue[]) => {
        await this.execute(statement.text('sqlite'), [...params]);
        return 0;
      },
    };
    let after = 0;
    for (;;) {
      const rows = Row.all(
        await this.execute('SELECT id, content_id, language_code, text FROM search_text WHERE id > ? ORDER BY id LIMIT ?', [after, BATCH]),
        dialect,
      );
      for (const row of rows) {
        after = row.int('id');
        const words = new Map([[row.str('language_code'), new Set(indexWords(row.str('text')))]]);
        await insertWordLinks(runner, row.int('content_id'), words);
      }
      if (rows.length < BATCH) break;
    }
    const { sql } = this.ddl();
    if (dialect === 'sqlite') {
      for (const event of ['insert', 'delete', 'update']) sql(`DROP TRIGGER IF EXISTS search_text_after_${event}`);
      sql('DROP TABLE IF EXISTS search_text_fts');
    }
    sql('DROP TABLE IF EXISTS search_text');
  }
}
