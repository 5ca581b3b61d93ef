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

/**
 * Every migration of this package, in order, listed explicitly (MikroORM `migrations.migrationsList`; nothing is
 * discovered from the file system). Names are stable: they are recorded in the `mikro_orm_migrations` table.
 */
export const MIGRATIONS: readonly MigrationObject[] = [
  { name: '0001-initial-schema', class: InitialSchemaMigration },
  { name: '0002-search-index', class: SearchIndexMigration },
  { name: '0003-search-words', class: SearchWordsMigration },
  { name: '0004-role-drafts', class: RoleDraftsMigration },
  { name: '0005-repository-management', class: RepositoryManagementMigration },
  { name: '0006-search-probes', class: SearchProbesMigration },
  { name: '0007-aggregate-revisions', class: AggregateRevisionsMigration },
  { name: '0008-integrity-keys', class: IntegrityKeysMigration },
  { name: '0009-binary-storage', class: BinaryStorageMigration },
  { name: '0010-remote-ids-case-insensitive', class: RemoteIdsCaseInsensitiveMigration },
  { name: '0011-search-field-trigrams', class: SearchFieldTrigramsMigration },
  { name: '0012-search-field-sort-walk', class: SearchFieldSortWalkMigration },
];
