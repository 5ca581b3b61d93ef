import type { OrmConfig } from './orm-config.js';
import type { SqlContext } from './db/sql-context.js';
import type { OpenOrm } from './orm.js';
import { isUniqueViolation } from './db/unique-violation.js';

/**
 * Applies the pending migrations (idempotent: applied ones are recorded in `mikro_orm_migrations`).
 * - SQLite: `migrator.up()` (all migrations in one transaction).
 * - PostgreSQL: creates the configured schema when missing, then runs every pending migration inside one
 *   transaction holding `pg_advisory_xact_lock` on the schema, so that nodes starting together migrate once.
 */
export async function migrate(orm: OpenOrm, config: OrmConfig, root: SqlContext): Promise<void> {
  if (config.driver === 'sqlite') {
    await orm.exclusive(() => orm.migrator.up());
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
    await orm.migrator.up({ transaction: trx });
  });
}
