import type { MigrationObject } from '@mikro-orm/core';
import { InitialSchemaMigration } from './m0001-initial-schema.js';

/**
 * Every migration of this package, in order, listed explicitly (MikroORM `migrations.migrationsList`; nothing is
 * discovered from the file system). Names are stable: they are recorded in the `mikro_orm_migrations` table.
 */
export const MIGRATIONS: readonly MigrationObject[] = [{ name: '0001-initial-schema', class: InitialSchemaMigration }];
