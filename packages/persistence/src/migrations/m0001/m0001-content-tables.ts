import { binaryText, type DdlWriter } from '../ddl-writer.js';

/**
 * Content items, versions, names per version and language, fields (id shared across versions: primary key
 * (id, version_no), ids from the `content_field` sequence), relations and pending locations (Ibexa node
 * assignments). Dates are Unix seconds (bigint), statuses and sort settings Ibexa's integer codes.
 * `content.sort_name` is the name lower-cased by the writer (ContentName sort key, see `db/collation.ts`).
 */
export function createContentTables({ knex, schema, dialect }: DdlWriter): void {
  schema(
    knex.schema.createTable('content', (t) => {
      t.increments('id');
      t.integer('content_type_id').notNullable();
      t.integer('section_id').notNullable().references('id').inTable('section');
      t.integer('owner_id').notNullable();
      t.integer('current_version_no').notNullable();
      t.text('name').notNullable();
      t.specificType('sort_name', binaryText(dialect)).notNullable();
      t.bigInteger('modified').notNullable();
      t.bigInteger('published').nullable();
      t.boolean('always_available').notNullable();
      t.string('remote_id', 100).notNullable().unique();
      t.string('main_language_code', 20).notNullable();
      t.integer('main_location_id').nullable();
      t.smallint('status').notNullable();
      t.boolean('is_hidden').notNullable();
      t.index(['content_type_id']);
      t.index(['section_id']);
      t.index(['owner_id']);
      t.index(['modified']);
      t.index(['published']);
      t.index(['sort_name']);
    }),
  );
  schema(
    knex.schema.createTable('content_version', (t) => {
      t.increments('id');
      t.integer('content_id').notNullable().references('id').inTable('content').onDelete('CASCADE');
      t.integer('version_no').notNullable();
      t.smallint('status').notNullable();
      t.integer('creator_id').notNullable();
      t.bigInteger('created').notNullable();
      t.bigInteger('modified').notNullable();
      t.string('initial_language_code', 20).notNullable();
      t.jsonb('language_codes').notNullable();
      t.unique(['content_id', 'version_no']);
      t.index(['creator_id']);
    }),
  );
  schema(
    knex.schema.createTable('content_name', (t) => {
      t.integer('content_id').notNullable().references('id').inTable('content').onDelete('CASCADE');
      t.integer('version_no').notNullable();
      t.string('language_code', 20).notNullable();
      t.text('name').notNullable();
      t.primary(['content_id', 'version_no', 'language_code']);
    }),
  );
  schema(
    knex.schema.createTable('content_field', (t) => {
      t.integer('id').notNullable();
      t.integer('version_no').notNullable();
      t.integer('content_id').notNullable().references('id').inTable('content').onDelete('CASCADE');
      t.integer('field_definition_id').notNullable();
      t.string('field_def_identifier', 50).notNullable();
      t.string('field_type_identifier', 50).notNullable();
      t.string('language_code', 20).notNullable();
      t.jsonb('data').nullable();
      t.primary(['id', 'version_no']);
      t.index(['content_id', 'version_no']);
    }),
  );
  schema(
    knex.schema.createTable('content_relation', (t) => {
      t.increments('id');
      t.integer('source_content_id').notNullable().references('id').inTable('content').onDelete('CASCADE');
      t.integer('source_version_no').notNullable();
      t.integer('destination_content_id').notNullable().references('id').inTable('content').onDelete('CASCADE');
      t.smallint('type').notNullable();
      t.string('source_field_definition_identifier', 50).nullable();
      t.index(['source_content_id', 'source_version_no']);
      t.index(['destination_content_id']);
    }),
  );
  schema(
    knex.schema.createTable('pending_location', (t) => {
      t.increments('id');
      t.integer('content_id').notNullable().references('id').inTable('content').onDelete('CASCADE');
      t.integer('parent_location_id').notNullable();
      t.integer('priority').notNullable();
      t.boolean('hidden').notNullable();
      t.string('remote_id', 100).notNullable();
      t.smallint('sort_field').notNullable();
      t.smallint('sort_order').notNullable();
      t.index(['content_id']);
    }),
  );
}

/**
 * The location tree. No foreign key to `content`: the virtual root (id 1) refers to content 0, which has no row.
 * `path_string` is byte-ordered on both dialects so that a subtree is the index range
 * `[prefix, prefix with its last character incremented)` (see `search/path-range.ts`).
 */
export function createLocationTable({ knex, schema, dialect }: DdlWriter): void {
  schema(
    knex.schema.createTable('location', (t) => {
      t.increments('id');
      t.integer('parent_id').notNullable();
      t.integer('content_id').notNullable();
      t.specificType('path_string', binaryText(dialect)).notNullable();
      t.integer('depth').notNullable();
      t.integer('priority').notNullable();
      t.boolean('hidden').notNullable();
      t.boolean('invisible').notNullable();
      t.string('remote_id', 100).notNullable().unique();
      t.smallint('sort_field').notNullable();
      t.smallint('sort_order').notNullable();
      t.index(['parent_id', 'priority']);
      t.index(['path_string']);
      t.index(['content_id']);
      t.index(['depth']);
    }),
  );
}
