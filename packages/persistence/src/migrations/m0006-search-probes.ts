import { SchemaMigration } from './schema-migration.js';

/**
 * Indexes that let a search probe one item's index entries (docs/adr/0004-search-semantics.md):
 * `search_field (content_id, field_def_identifier, language_code, …)` with the family and keys, and
 * `search_field_element (content_id, field_def_identifier, language_code, value_int, value_string)`. A Field or
 * IsFieldEmpty criterion under a NOT asks, per candidate item, whether it has a matching entry in its field
 * language (`EXISTS … WHERE content_id = c.id AND field_def_identifier = ? AND language_code = c.main_language_code`):
 * one lookup in these covering indexes, where the key indexes of migration 0002 would scan a value range per
 * candidate. Those stay for the positive criteria, which start from the value.
 */
export class SearchProbesMigration extends SchemaMigration {
  override up(): void {
    const { sql } = this.ddl();
    sql(
      'CREATE INDEX search_field_content_id_field_def_identifier_index ON search_field ' +
        '(content_id, field_def_identifier, language_code, field_type_identifier, sort_key_int, sort_key_string, is_empty)',
    );
    sql(
      'CREATE INDEX search_field_element_content_id_field_def_identifier_index ON search_field_element ' +
        '(content_id, field_def_identifier, language_code, value_int, value_string)',
    );
  }
}
