import type { DdlWriter } from '../ddl-writer.js';

/**
 * Languages, sections, content type groups, content types (with a status so that drafts can exist next to the
 * published type: primary key (id, status), Ibexa `ezcontentclass` (id, version)), their group links and field
 * definitions (translated strings, default value, settings and validators as JSON).
 */
export function createTypeTables({ knex, schema }: DdlWriter): void {
  schema(
    knex.schema.createTable('language', (t) => {
      t.integer('id').primary(); // explicit powers of two (Ibexa bit-flag ids)
      t.string('language_code', 20).notNullable().unique();
      t.string('name', 255).notNullable();
      t.boolean('enabled').notNullable();
    }),
  );
  schema(
    knex.schema.createTable('section', (t) => {
      t.increments('id');
      t.string('identifier', 255).notNullable().unique();
      t.string('name', 255).notNullable();
    }),
  );
  schema(
    knex.schema.createTable('content_type_group', (t) => {
      t.increments('id');
      t.string('identifier', 255).notNullable().unique();
      t.bigInteger('created').notNullable();
      t.bigInteger('modified').notNullable();
      t.integer('creator_id').notNullable();
      t.integer('modifier_id').notNullable();
      t.boolean('is_system').notNullable();
    }),
  );
  schema(
    knex.schema.createTable('content_type', (t) => {
      t.integer('id').notNullable();
      t.smallint('status').notNullable();
      t.string('identifier', 50).notNullable();
      t.string('remote_id', 100).notNullable();
      t.jsonb('names').notNullable();
      t.jsonb('descriptions').notNullable();
      t.bigInteger('created').notNullable();
      t.bigInteger('modified').notNullable();
      t.integer('creator_id').notNullable();
      t.integer('modifier_id').notNullable();
      t.string('url_alias_schema', 255).notNullable();
      t.string('name_schema', 255).notNullable();
      t.boolean('is_container').notNullable();
      t.string('main_language_code', 20).notNullable();
      t.boolean('default_always_available').notNullable();
      t.smallint('default_sort_field').notNullable();
      t.smallint('default_sort_order').notNullable();
      t.primary(['id', 'status']);
      t.unique(['identifier', 'status']);
      t.unique(['remote_id', 'status']);
    }),
  );
  schema(
    knex.schema.createTable('content_type_group_link', (t) => {
      t.integer('content_type_id').notNullable();
      t.smallint('content_type_status').notNullable();
      t.integer('group_id').notNullable().references('id').inTable('content_type_group');
      t.primary(['content_type_id', 'content_type_status', 'group_id']);
      t.foreign(['content_type_id', 'content_type_status'])
        .references(['id', 'status'])
        .inTable('content_type')
        .onDelete('CASCADE');
      t.index(['group_id']);
    }),
  );
  schema(
    knex.schema.createTable('field_definition', (t) => {
      t.integer('id').notNullable();
      t.smallint('status').notNullable();
      t.integer('content_type_id').notNullable();
      t.string('identifier', 50).notNullable();
      t.string('field_type_identifier', 50).notNullable();
      t.string('field_group', 255).notNullable();
      t.integer('position').notNullable();
      t.boolean('is_translatable').notNullable();
      t.boolean('is_required').notNullable();
      t.boolean('is_info_collector').notNullable();
      t.boolean('is_searchable').notNullable();
      t.boolean('is_thumbnail').notNullable();
      t.jsonb('names').notNullable();
      t.jsonb('descriptions').notNullable();
      t.jsonb('default_value').nullable();
      t.jsonb('field_settings').notNullable();
      t.jsonb('validator_configuration').notNullable();
      t.primary(['id', 'status']);
      t.foreign(['content_type_id', 'status']).references(['id', 'status']).inTable('content_type').onDelete('CASCADE');
      t.unique(['content_type_id', 'status', 'identifier']);
    }),
  );
}
