import type { MigrationObject } from '@mikro-orm/core';
import { InitialSchemaMigration } from './m0001-initial-schema.js';
import { SearchIndexMigration } from './m0002-search-index.js';
import { SearchWordsMigration } from './m0003-search-words.js';
import { RoleDraftsMigration } from './m0004-role-drafts.js';
import { RepositoryManagementMigration } from './m0005-repository-management.js';
import { SearchProbesMigration } from './m0006-search-probes.js';
import { AggregateRevisionsMigration } from './m0007-aggregate-revisions.js';
import { IntegrityKeysMigration } from './m0008-integrity-keys.js';
import { BinaryStorageMigration } from './m0009-binary-storage.js';
import { RemoteIdsCaseInsensitiveMigration } from './m0010-remote-ids-case-insensitive.js';
import { SearchFieldTrigramsMigration } from './m0011-search-field-trigrams.js';
import { SearchFieldSortWalkMigration } from './m0012-search-field-sort-walk.js';
import { SearchWordListsMigration } from './m0013-search-word-lists.js';
import { EventsOutboxMigration } from './m0014-events-outbox.js';
import { MIGRATION_NAMES, type MigrationName } from './migration-names.js';

/** The class of each migration, by name (every name of {@link MIGRATION_NAMES} has one; the compiler checks it). */
const MIGRATION_CLASSES: { readonly [name in MigrationName]: MigrationObject['class'] } = {
  '0001-initial-schema': InitialSchemaMigration,
  '0002-search-index': SearchIndexMigration,
  '0003-search-words': SearchWordsMigration,
  '0004-role-drafts': RoleDraftsMigration,
  '0005-repository-management': RepositoryManagementMigration,
  '0006-search-probes': SearchProbesMigration,
  '0007-aggregate-revisions': AggregateRevisionsMigration,
  '0008-integrity-keys': IntegrityKeysMigration,
  '0009-binary-storage': BinaryStorageMigration,
  '0010-remote-ids-case-insensitive': RemoteIdsCaseInsensitiveMigration,
  '0011-search-field-trigrams': SearchFieldTrigramsMigration,
  '0012-search-field-sort-walk': SearchFieldSortWalkMigration,
  '0013-search-word-lists': SearchWordListsMigration,
  '0014-events-outbox': EventsOutboxMigration,
};

/**
 * Every migration of this package, in the order of {@link MIGRATION_NAMES}, listed explicitly (MikroORM
 * `migrations.migrationsList`, given to the migrator when it is loaded; nothing is discovered from the file system).
 * Names are stable: they are recorded in the `mikro_orm_migrations` table.
 */
export const MIGRATIONS: readonly MigrationObject[] = MIGRATION_NAMES.map((name) => ({ name, class: MIGRATION_CLASSES[name] }));
