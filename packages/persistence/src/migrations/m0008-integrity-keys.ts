import { SchemaMigration } from './schema-migration.js';

/** Whether field `f` belongs to a published definition (fields of others were left by writes racing a type change). */
const DEFINED_FIELD = 'EXISTS (SELECT 1 FROM "field_definition" AS d WHERE d."id" = f."field_definition_id" AND d."status" = 0)';

const FIELD_COLUMNS = '"id", "version_no", "content_id", "field_definition_id", "field_def_identifier", "field_type_identifier", "language_code", "data"';

/**
 * Keys that make rows pointing at nothing impossible (schema description `schema/tables/content-tables.ts`):
 * - `content_field.field_definition_status` (always 0, DEFINED) with `field_definition_id` references the
 *   published definition, checked at commit (publishing a type draft deletes the published definitions and turns
 *   the draft's into them). Fields of definitions that no longer exist — left by writes that raced a type change
 *   before content writes checked the type's revision — are deleted first: the type change meant to delete them.
 *   SQLite cannot add a key to a table: `content_field` is rebuilt (no table references it, so dropping the old
 *   one cascades nowhere). `field_definition_id` gets an index (the key's check, and type changes that delete or
 *   rename one definition's fields).
 * - PostgreSQL only: `content.content_type_status` (always 0) with `content_type_id` references the published
 *   type, checked at commit. Added NOT VALID: it holds for every row written from now on without failing this
 *   migration on an item whose type was deleted in a past race (such an item was never readable). SQLite gets the
 *   column but no key: adding one means rebuilding `content`, whose drop would cascade into every version.
 * Written by hand (the generator leaves SQLite foreign key changes to a table rebuild).
 */
export class IntegrityKeysMigration extends SchemaMigration {
  override up(): void {
    this.statements({
      sqlite: [
        'CREATE TABLE "content_field_rebuilt" ("id" integer NOT NULL, "version_no" integer NOT NULL, "content_id" integer NOT NULL, ' +
          '"field_definition_id" integer NOT NULL, "field_definition_status" integer NOT NULL DEFAULT 0, ' +
          '"field_def_identifier" varchar(50) NOT NULL, "field_type_identifier" varchar(50) NOT NULL, "language_code" varchar(20) NOT NULL, ' +
          '"data" json, PRIMARY KEY ("id", "version_no"), ' +
          'CONSTRAINT "content_field_content_id_foreign" FOREIGN KEY ("content_id") REFERENCES "content" ("id") ON DELETE CASCADE, ' +
          'CONSTRAINT "content_field_field_definition_foreign" FOREIGN KEY ("field_definition_id", "field_definition_status") ' +
          'REFERENCES "field_definition" ("id", "status") DEFERRABLE INITIALLY DEFERRED)',
        `INSERT INTO "content_field_rebuilt" (${FIELD_COLUMNS}) SELECT ${FIELD_COLUMNS} FROM "content_field" AS f WHERE ${DEFINED_FIELD}`,
        'DROP TABLE "content_field"',
        'ALTER TABLE "content_field_rebuilt" RENAME TO "content_field"',
        'CREATE INDEX "content_field_content_id_version_no_index" ON "content_field" ("content_id", "version_no")',
        'CREATE INDEX "content_field_field_definition_id_index" ON "content_field" ("field_definition_id")',
        'ALTER TABLE "content" ADD COLUMN "content_type_status" integer NOT NULL DEFAULT 0',
      ],
      postgresql: [
        `DELETE FROM "content_field" AS f WHERE NOT ${DEFINED_FIELD}`,
        'ALTER TABLE "content_field" ADD COLUMN "field_definition_status" smallint NOT NULL DEFAULT 0',
        'ALTER TABLE "content" ADD COLUMN "content_type_status" smallint NOT NULL DEFAULT 0',
        'CREATE INDEX "content_field_field_definition_id_index" ON "content_field" ("field_definition_id")',
        'ALTER TABLE "content_field" ADD CONSTRAINT "content_field_field_definition_foreign" FOREIGN KEY ("field_definition_id", "field_definition_status") ' +
          'REFERENCES "field_definition" ("id", "status") DEFERRABLE INITIALLY DEFERRED',
        'ALTER TABLE "content" ADD CONSTRAINT "content_content_type_foreign" FOREIGN KEY ("content_type_id", "content_type_status") ' +
          'REFERENCES "content_type" ("id", "status") DEFERRABLE INITIALLY DEFERRED NOT VALID',
      ],
    });
  }
}
