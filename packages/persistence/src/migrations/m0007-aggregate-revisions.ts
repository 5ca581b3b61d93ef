import { SchemaMigration } from './schema-migration.js';

/**
 * The revision of each aggregate (`aggregate_revision`): writers lock an aggregate by incrementing its row, and
 * REST answers the revision as the entity tag of its resources (`db/aggregate-locks.ts`).
 * Generated from the schema description (`schema:migration`); committed as is, never edited once released.
 */
export class AggregateRevisionsMigration extends SchemaMigration {
  override up(): void {
    this.statements({
      sqlite: [
        'CREATE TABLE "aggregate_revision" ("kind" integer NOT NULL, "id" integer NOT NULL, "revision" integer NOT NULL, PRIMARY KEY ("kind", "id"))',
      ],
      postgresql: [
        'CREATE TABLE "aggregate_revision" ("kind" smallint NOT NULL, "id" integer NOT NULL, "revision" integer NOT NULL, PRIMARY KEY ("kind", "id"))',
      ],
    });
  }
}
