import { SchemaMigration } from './schema-migration.js';

/**
 * Remote ids of content items and locations become unique and looked up case-insensitively, as on Ibexa 4.6's
 * reference install (MySQL, `_ci` collation): `?remoteId=ABC` finds `abc`, and `ABC` cannot be created while `abc`
 * exists. The unique constraints on `remote_id` are replaced by unique indexes on `lower(remote_id)` (what the
 * lookups and the remote id criteria compare), and on PostgreSQL the columns (and `trash.remote_id`, which a
 * restore compares with them) get the byte collation `"C"`, under which `lower()` folds ASCII letters only, as
 * SQLite's `lower()` and core's `remoteIdKey` do.
 *
 * Existing rows whose remote ids differ only in case (possible before) would break the new indexes: all but the
 * oldest of each such group (lowest id) get a new random remote id first, as a trash restore does for a taken one.
 * Generated from the schema description (`schema:migration`) but for those two updates; committed as is, never
 * edited once released.
 */
export class RemoteIdsCaseInsensitiveMigration extends SchemaMigration {
  override up(): void {
    this.statements({
      sqlite: [
        'DROP INDEX "content_remote_id_unique"',
        'DROP INDEX "location_remote_id_unique"',
        `UPDATE "content" SET "remote_id" = lower(hex(randomblob(16))) WHERE "id" IN (SELECT t."id" FROM "content" AS t JOIN ` +
          `(SELECT lower("remote_id") AS k, min("id") AS keep FROM "content" GROUP BY lower("remote_id") HAVING count(*) > 1) AS d ` +
          `ON lower(t."remote_id") = d.k AND t."id" <> d.keep)`,
        `UPDATE "location" SET "remote_id" = lower(hex(randomblob(16))) WHERE "id" IN (SELECT t."id" FROM "location" AS t JOIN ` +
          `(SELECT lower("remote_id") AS k, min("id") AS keep FROM "location" GROUP BY lower("remote_id") HAVING count(*) > 1) AS d ` +
          `ON lower(t."remote_id") = d.k AND t."id" <> d.keep)`,
        'CREATE UNIQUE INDEX "content_remote_id_lower_unique" ON "content" (lower(remote_id))',
        'CREATE UNIQUE INDEX "location_remote_id_lower_unique" ON "location" (lower(remote_id))',
      ],
      postgresql: [
        'ALTER TABLE "content" DROP CONSTRAINT "content_remote_id_unique"',
        'ALTER TABLE "location" DROP CONSTRAINT "location_remote_id_unique"',
        'ALTER TABLE "content" ALTER COLUMN "remote_id" TYPE varchar(100) COLLATE "C" USING "remote_id"::varchar(100)',
        'ALTER TABLE "content" ALTER COLUMN "remote_id" SET NOT NULL',
        'ALTER TABLE "content" ALTER COLUMN "remote_id" DROP DEFAULT',
        'ALTER TABLE "location" ALTER COLUMN "remote_id" TYPE varchar(100) COLLATE "C" USING "remote_id"::varchar(100)',
        'ALTER TABLE "location" ALTER COLUMN "remote_id" SET NOT NULL',
        'ALTER TABLE "location" ALTER COLUMN "remote_id" DROP DEFAULT',
        'ALTER TABLE "trash" ALTER COLUMN "remote_id" TYPE varchar(100) COLLATE "C" USING "remote_id"::varchar(100)',
        'ALTER TABLE "trash" ALTER COLUMN "remote_id" SET NOT NULL',
        'ALTER TABLE "trash" ALTER COLUMN "remote_id" DROP DEFAULT',
        `UPDATE "content" SET "remote_id" = md5(random()::text || "id"::text) WHERE "id" IN (SELECT t."id" FROM "content" AS t JOIN ` +
          `(SELECT lower("remote_id") AS k, min("id") AS keep FROM "content" GROUP BY lower("remote_id") HAVING count(*) > 1) AS d ` +
          `ON lower(t."remote_id") = d.k AND t."id" <> d.keep)`,
        `UPDATE "location" SET "remote_id" = md5(random()::text || "id"::text) WHERE "id" IN (SELECT t."id" FROM "location" AS t JOIN ` +
          `(SELECT lower("remote_id") AS k, min("id") AS keep FROM "location" GROUP BY lower("remote_id") HAVING count(*) > 1) AS d ` +
          `ON lower(t."remote_id") = d.k AND t."id" <> d.keep)`,
        'CREATE UNIQUE INDEX "content_remote_id_lower_unique" ON "content" (lower(remote_id))',
        'CREATE UNIQUE INDEX "location_remote_id_lower_unique" ON "location" (lower(remote_id))',
      ],
    });
  }
}
