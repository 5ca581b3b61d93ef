import { MIGRATION_NAMES } from '@contentrepo/persistence';
import type { Command } from 'commander';
import { CliError, EXIT_CODES } from '../cli-errors.js';
import type { CommandContext } from '../cli-context.js';
import type { CommandAction, CommandGroup } from '../cli-program.js';

/** `migrate` (`migrate up`): applies the pending migrations under the database's start lock and lists what ran. */
const migrateUp: CommandAction = async (context) => {
  const store = await context.openStore();
  const before = await store.pendingMigrations();
  if (before.length === 0) {
    context.out.result({ applied: [], pending: [] }, `Nothing to migrate: all ${MIGRATION_NAMES.length} migrations are applied`);
    return;
  }
  context.out.note(`Applying ${before.length} migration(s)…`);
  await store.withStartLock(() => store.migrate());
  const after = new Set(await store.pendingMigrations());
  const applied = before.filter((name) => !after.has(name));
  context.out.result({ applied, pending: [...after] }, [`Applied ${applied.length} migration(s):`, ...applied.map((name) => `  ${name}`)]);
};

/** `migrate:status` (`migrate status`): every migration of this build, applied or pending; `--check` fails (3) when one is pending. */
async function migrateStatus(context: CommandContext, check: boolean): Promise<void> {
  const store = await context.openStore();
  const pending = new Set(await store.pendingMigrations());
  const migrations = MIGRATION_NAMES.map((name) => ({ name, applied: !pending.has(name) }));
  const result = {
    applied: migrations.filter((migration) => migration.applied).map((migration) => migration.name),
    pending: [...pending],
    migrations,
  };
  const failure = check && pending.size > 0 ? new CliError(`${pending.size} migration(s) pending: ${[...pending].join(', ')}`, EXIT_CODES.database, result) : null;
  // With --json a failed check is the error document (holding the lists); otherwise the lists are printed first.
  if (failure && context.options.json) throw failure;
  context.out.result(result, [
    ...migrations.map((migration) => `${migration.applied ? 'applied' : 'pending'}  ${migration.name}`),
    pending.size === 0 ? `All ${migrations.length} migrations are applied` : `${pending.size} of ${migrations.length} migrations pending: run 'contentrepo migrate'`,
  ]);
  if (failure) throw failure;
}

const statusAction: CommandAction = (context, _args, options) => migrateStatus(context, options['check'] === true);
const CHECK_HELP = 'exit with code 3 when a migration is pending';

/** `migrate`, `migrate up`, `migrate status` and `migrate:status`. */
export const migrateCommands: CommandGroup = (program: Command, wrap) => {
  const migrate = program.command('migrate').description('apply the pending database migrations (subcommands: up, status)');
  migrate.command('up', { isDefault: true }).description('apply the pending database migrations and list them').action(wrap(migrateUp));
  migrate.command('status').description('list applied and pending migrations').option('--check', CHECK_HELP).action(wrap(statusAction));
  program.command('migrate:status').description('list applied and pending migrations').option('--check', CHECK_HELP).action(wrap(statusAction));
};
