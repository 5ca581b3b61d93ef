import { SchemaMigration } from './schema-migration.js';
import { createContentTables, createLocationTable } from './m0001/m0001-content-tables.js';
import { createSearchTables } from './m0001/m0001-search-tables.js';
import { createSequences } from './m0001/m0001-sequences.js';
import { createTypeTables } from './m0001/m0001-type-tables.js';
import { createUserTables } from './m0001/m0001-user-tables.js';

/**
 * The initial schema: every table of the repository, its hot-path indexes, the search index with full text and
 * the id generators. Committed as is: later schema changes are new migrations, never edits of this one.
 */
export class InitialSchemaMigration extends SchemaMigration {
  override up(): void {
    const writer = this.ddl();
    createTypeTables(writer);
    createContentTables(writer);
    createLocationTable(writer);
    createUserTables(writer);
    createSearchTables(writer);
    createSequences(writer);
  }
}
