import type { DdlWriter } from '../ddl-writer.js';

/**
 * User accounts (logins unique case-insensitively through an expression index on `lower(login)`), roles,
 * policies (limitations as JSON: always read with their policy, never filtered in SQL), role assignments,
 * object state groups, states, the state of each content item per group, and login sessions.
 */
export function createUserTables({ knex, schema, sql }: DdlWriter): void {
  schema(
    knex.schema.createTable('user_account', (t) => {
      t.integer('content_id').primary().references('id').inTable('content').onDelete('CASCADE');
      t.string('login', 150).notNullable();
      t.string('email', 150).notNullable();
      t.string('password_hash', 255).notNullable();
      t.boolean('enabled').notNullable();
      t.integer('max_login').notNullable();
      t.bigInteger('password_updated_at').nullable();
      t.index(['email']);
    }),
  );
  sql('CREATE UNIQUE INDEX user_account_login_lower_unique ON user_account (lower(login))');
  schema(
    knex.schema.createTable('role', (t) => {
      t.increments('id');
      t.string('identifier', 255).notNullable();
      t.smallint('status').notNullable();
      t.index(['identifier']);
    }),
  );
  schema(
    knex.schema.createTable('policy', (t) => {
      t.increments('id');
      t.integer('role_id').notNullable().references('id').inTable('role').onDelete('CASCADE');
      t.string('module', 50).notNullable();
      t.string('function', 50).notNullable();
      t.jsonb('limitations').notNullable();
      t.index(['role_id']);
    }),
  );
  schema(
    knex.schema.createTable('role_assignment', (t) => {
      t.increments('id');
      t.integer('role_id').notNullable().references('id').inTable('role').onDelete('CASCADE');
      t.string('subject_kind', 10).notNullable();
      t.integer('subject_id').notNullable();
      t.jsonb('limitation').nullable();
      t.index(['subject_id']);
      t.index(['role_id']);
    }),
  );
  schema(
    knex.schema.createTable('object_state_group', (t) => {
      t.increments('id');
      t.string('identifier', 45).notNullable().unique();
      t.string('default_language_code', 20).notNullable();
      t.jsonb('language_codes').notNullable();
      t.jsonb('names').notNullable();
      t.jsonb('descriptions').notNullable();
    }),
  );
  schema(
    knex.schema.createTable('object_state', (t) => {
      t.increments('id');
      t.integer('group_id').notNullable().references('id').inTable('object_state_group').onDelete('CASCADE');
      t.string('identifier', 45).notNullable();
      t.integer('priority').notNullable();
      t.string('default_language_code', 20).notNullable();
      t.jsonb('language_codes').notNullable();
      t.jsonb('names').notNullable();
      t.jsonb('descriptions').notNullable();
      t.unique(['group_id', 'identifier']);
    }),
  );
  schema(
    knex.schema.createTable('content_object_state', (t) => {
      t.integer('content_id').notNullable().references('id').inTable('content').onDelete('CASCADE');
      t.integer('group_id').notNullable().references('id').inTable('object_state_group').onDelete('CASCADE');
      t.integer('state_id').notNullable().references('id').inTable('object_state').onDelete('CASCADE');
      t.primary(['content_id', 'group_id']);
      t.index(['state_id']);
    }),
  );
  schema(
    knex.schema.createTable('session', (t) => {
      t.string('id', 128).primary();
      t.integer('user_id').notNullable();
      t.string('csrf_token', 255).notNullable();
      t.bigInteger('created_at').notNullable();
      t.bigInteger('expires_at').notNullable();
      t.index(['expires_at']);
      t.index(['user_id']);
    }),
  );
}
