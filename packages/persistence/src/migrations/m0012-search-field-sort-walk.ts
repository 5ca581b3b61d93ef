import { SchemaMigration } from './schema-migration.js';

/**
 * The index a listing sorted by a field walks in order (`search/sorted-walk.ts`): the entries of one field of one
 * content type by sort keys, with the language and item, so that a page of newest items in one category reads the
 * first entries of the sort field and probes each item's criteria, instead of sorting every match.
 * Generated from the schema description (`schema:migration`); committed as is, never edited once released.
 */
export class SearchFieldSortWalkMigration extends SchemaMigration {
  override up(): void {
    this.statements({
      sqlite: [
        'CREATE INDEX "search_field_field_def_identifier_content_type_id_sort_index" ON "search_field" ("field_def_identifier", "content_type_id", "sort_key_int", "sort_key_string", "language_code", "content_id")',
      ],
      postgresql: [
        'CREATE INDEX "search_field_field_def_identifier_content_type_id_sort_index" ON "search_field" ("field_def_identifier", "content_type_id", "sort_key_int", "sort_key_string", "language_code", "content_id")',
      ],
    });
  }
}
