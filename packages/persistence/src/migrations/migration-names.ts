/**
 * Names of every migration of this package, in order: what `mikro_orm_migrations.name` records once one is applied.
 * Kept apart from the migration classes (`migrations/index.ts`), which load MikroORM's migrator, so that a start can
 * tell whether anything is pending without loading it. Append a new migration's name here and its class in
 * `migrations/index.ts` (the compiler checks that both lists agree).
 */
export const MIGRATION_NAMES = [
  '0001-initial-schema',
  '0002-search-index',
  '0003-search-words',
  '0004-role-drafts',
  '0005-repository-management',
  '0006-search-probes',
  '0007-aggregate-revisions',
  '0008-integrity-keys',
  '0009-binary-storage',
  '0010-remote-ids-case-insensitive',
  '0011-search-field-trigrams',
  '0012-search-field-sort-walk',
  '0013-search-word-lists',
  '0014-events-outbox',
] as const;

/** The name of one migration of {@link MIGRATION_NAMES}. */
export type MigrationName = (typeof MIGRATION_NAMES)[number];
