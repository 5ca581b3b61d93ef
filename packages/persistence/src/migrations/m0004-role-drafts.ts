import { SchemaMigration } from './schema-migration.js';

/**
 * Role drafts (Ibexa roles are edited through drafts; REST `/user/roles/{id}/draft`): a draft is a `role`
 * row with status DRAFT whose `original_id` names the published role it changes (null for a new role), and a
 * draft's policies carry the id of the published policy they copy in `policy.original_id` (publishing gives that
 * id back). Additive: existing rows are published roles and their policies (both null).
 */
export class RoleDraftsMigration extends SchemaMigration {
  override up(): void {
    const { knex, schema } = this.ddl();
    schema(
      knex.schema.alterTable('role', (t) => {
        t.integer('original_id').nullable();
        t.index(['original_id'], 'role_original_id_index');
      }),
    );
    schema(
      knex.schema.alterTable('policy', (t) => {
        t.integer('original_id').nullable();
      }),
    );
  }
}
