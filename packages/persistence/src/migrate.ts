import type { OrmConfig } from './orm-config.js';
import type { SqlContext } from './db/sql-context.js';
import type { OpenOrm } from './orm.js';
import { isUniqueViolation } from './db/unique-violation.js';
import { MIGRATION_NAMES } from './migrations/migration-names.js';

/** MikroORM's table of applied migrations (its default name). */
const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/**
 * Applies the pending migrations (idempotent: applied ones are recorded in `mikro_orm_migrations`). A start with
 * nothing pending costs one or two cheap queries: the migrator (MikroORM's, with umzug) is loaded and run only when
 * a migration of {@link MIGRATION_NAMES} is not recorded yet.
 * - SQLite: `migrator.up()` (all migrations in one transaction).
 * - PostgreSQL: creates the configured schema when missing, then runs every pending migration inside one
 *   transaction holding `pg_advisory_xact_lock` on the schema, so that nodes starting together migrate once.
 */
export async function migrate(orm: OpenOrm, config: OrmConfig, root: SqlContext): Promise<void> {
  if ((await pendingMigrations(root)).length === 0) return;
  const migrator = await orm.migrator();
  if (config.driver === 'sqlite') {
    await orm.exclusive(() => migrator.up());
    return;
  }
  if (config.schema !== null) {
    try {
      await root.run(`CREATE SCHEMA IF NOT EXISTS "${config.schema}"`);
    } catch (error) {
      // Two nodes creating the schema at the same moment: the loser sees a unique violation; the schema exists.
      if (!isUniqueViolation(root, error)) throw error;
    }
  }
  // A knex transaction (the migrator runs in one), not `em.transactional`: that would enable MikroORM's
  // AsyncLocalStorage for the rest of the process (see `db/transaction-scope.ts` for why that matters).
  await orm.knex.transaction(async (trx) => {
    await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('contentrepo-migrations:' || current_schema()))`);
    await migrator.up({ transaction: trx });
  });
}

/**
 * Names of the migrations of {@link MIGRATION_NAMES} not recorded as applied in the database of `root` (all of them when
 * the migrations table does not exist yet, e.g. on an empty database or before the PostgreSQL schema exists).
 */
export async function pendingMigrations(root: SqlContext): Promise<string[]> {
  const exists =
    root.dialect === 'sqlite'
      ? (await root.rawRows(`SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = ?`, [MIGRATIONS_TABLE])).length > 0
      : (await root.rawRows(`SELECT to_regclass(?) IS NOT NULL AS found`, [MIGRATIONS_TABLE]))[0]?.bool('found') === true;
  const applied = new Set(exists ? (await root.rawRows(`SELECT name FROM ${MIGRATIONS_TABLE}`)).map((row) => row.str('name')) : []);
  return MIGRATION_NAMES.filter((name) => !applied.has(name));
}
