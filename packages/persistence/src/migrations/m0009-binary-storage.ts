import { SchemaMigration } from './schema-migration.js';

/**
 * Binary files in the database (`binary_file`, `binary_chunk`): the BinaryStorage of `STORAGE=database`, so that
 * several server nodes share stored files through the database alone (`storage/database-binary-storage.ts`).
 * Generated from the schema description (`schema:migration`); committed as is, never edited once released.
 */
export class BinaryStorageMigration extends SchemaMigration {
  override up(): void {
    this.statements({
      sqlite: [
        'CREATE TABLE "binary_file" ("key" text NOT NULL, "blob" varchar(32) NOT NULL, "size" bigint NOT NULL, "created" bigint NOT NULL, PRIMARY KEY ("key"))',
        'CREATE UNIQUE INDEX "binary_file_blob_unique" ON "binary_file" ("blob")',
        'CREATE TABLE "binary_chunk" ("blob" varchar(32) NOT NULL, "seq" integer NOT NULL, "created" bigint NOT NULL, "data" blob NOT NULL, PRIMARY KEY ("blob", "seq"))',
        'CREATE INDEX "binary_chunk_created_index" ON "binary_chunk" ("created")',
      ],
      postgresql: [
        'CREATE TABLE "binary_file" ("key" text COLLATE "C" NOT NULL, "blob" varchar(32) NOT NULL, "size" bigint NOT NULL, "created" bigint NOT NULL, PRIMARY KEY ("key"))',
        'ALTER TABLE "binary_file" ADD CONSTRAINT "binary_file_blob_unique" UNIQUE ("blob")',
        'CREATE TABLE "binary_chunk" ("blob" varchar(32) NOT NULL, "seq" integer NOT NULL, "created" bigint NOT NULL, "data" bytea NOT NULL, PRIMARY KEY ("blob", "seq"))',
        'CREATE INDEX "binary_chunk_created_index" ON "binary_chunk" ("created")',
      ],
    });
  }
}
