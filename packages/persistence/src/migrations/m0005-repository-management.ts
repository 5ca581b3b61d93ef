import { binaryText } from './ddl-writer.js';
import { SchemaMigration } from './schema-migration.js';

/**
 * The trash, URL aliases and URL wildcards (behind REST `/content/trash`, `/content/urlaliases` and
 * `/content/urlwildcards`; packages/persistence/README.md):
 * - `trash`: a trashed location row as it was (its original id is the trash item id) with its batch (`root_id`,
 *   the location `trashSubtree` was called on) and date; `path_string` byte-ordered for subtree ranges;
 * - `url_alias`: path elements keyed by (`parent_id`, `text_md5`) as Ibexa's `ezurlalias_ml`; all entries of one
 *   location share a node `id` (children are keyed by it); `target_kind` 0 location, 1 resource, 2 virtual; node
 *   ids come from the `url_alias` sequence (PostgreSQL `url_alias_id_seq`, SQLite `id_sequence` row);
 * - `url_wildcard`: source patterns (unique) with their destination.
 * Bookmarks use the `bookmark` table of migration 0002. Additive: nothing existing changes.
 */
export class RepositoryManagementMigration extends SchemaMigration {
  override up(): void {
    const { knex, schema, sql, dialect } = this.ddl();
    const path = binaryText(dialect);
    schema(
      knex.schema.createTable('trash', (t) => {
        t.integer('id').primary();
        t.integer('root_id').notNullable();
        t.integer('parent_id').notNullable();
        t.integer('content_id').notNullable();
        t.specificType('path_string', path).notNullable();
        t.integer('depth').notNullable();
        t.integer('priority').notNullable();
        t.boolean('hidden').notNullable();
        t.boolean('invisible').notNullable();
        t.string('remote_id', 100).notNullable();
        t.smallint('sort_field').notNullable();
        t.smallint('sort_order').notNullable();
        t.bigInteger('trashed').notNullable();
        t.index(['content_id']);
        t.index(['parent_id']);
        t.index(['root_id']);
        t.index(['path_string']);
      }),
    );
    schema(
      knex.schema.createTable('url_alias', (t) => {
        t.integer('parent_id').notNullable();
        t.string('text_md5', 32).notNullable();
        t.integer('id').notNullable();
        t.text('text').notNullable();
        t.smallint('target_kind').notNullable();
        t.integer('location_id').nullable();
        t.text('resource').nullable();
        t.jsonb('language_codes').notNullable();
        t.boolean('always_available').notNullable();
        t.boolean('is_original').notNullable();
        t.boolean('is_custom').notNullable();
        t.boolean('forward').notNullable();
        t.primary(['parent_id', 'text_md5']);
        t.index(['id']);
        t.index(['location_id']);
      }),
    );
    schema(
      knex.schema.createTable('url_wildcard', (t) => {
        t.increments('id');
        t.text('source_url').notNullable();
        t.text('destination_url').notNullable();
        t.boolean('forward').notNullable();
        t.unique(['source_url']);
      }),
    );
    if (dialect === 'postgresql') sql('CREATE SEQUENCE url_alias_id_seq');
    else sql("INSERT INTO id_sequence (name, last_id) VALUES ('url_alias', 0)");
  }
}
