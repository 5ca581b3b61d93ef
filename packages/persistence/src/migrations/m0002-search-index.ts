import { SchemaMigration } from './schema-migration.js';
import { createSearchIndexTables } from './m0002/m0002-search-index-tables.js';

/**
 * The search index (criteria to SQL): per-identifier key indexes, emptiness, the word index of
 * FullText, names and logins for the case-insensitive criteria, bookmarks (see `m0002/m0002-search-index-tables.ts`).
 */
export class SearchIndexMigration extends SchemaMigration {
  override up(): void {
    createSearchIndexTables(this.ddl());
  }
}
