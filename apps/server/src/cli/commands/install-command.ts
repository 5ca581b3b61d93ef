import { prepareStore } from '../../app.js';
import { createScryptPasswordHasher } from '../../password-hasher.js';
import type { CommandAction, CommandGroup } from '../cli-program.js';

/**
 * `install`: what a server start does to its database, without serving — under the start lock, applies pending
 * migrations, installs the clean-install data when the repository is empty (admin password `ADMIN_PASSWORD`,
 * languages `LANGUAGES`) and adds the languages of `LANGUAGES` it lacks. Idempotent: a second run has nothing to do.
 */
const install: CommandAction = async (context) => {
  const config = context.config();
  const store = await context.openStore();
  const migrated = await store.pendingMigrations();
  const { installed, addedLanguages } = await prepareStore(config, store, { loginThrottle: null }, context.fieldTypes, createScryptPasswordHasher());
  const languages = addedLanguages.map((language) => language.languageCode);
  const changed = migrated.length > 0 || installed || languages.length > 0;
  const lines: string[] = [];
  if (migrated.length > 0) lines.push(`Applied ${migrated.length} migration(s)`);
  if (installed) lines.push(`Installed the clean repository with the languages ${[...new Set(['eng-GB', ...config.languages])].join(', ')} (admin user: admin)`);
  if (languages.length > 0) lines.push(`Added the languages ${languages.join(', ')} from LANGUAGES`);
  if (!changed) lines.push('Nothing to do: the repository is installed and up to date');
  context.out.result({ migrated, installed, addedLanguages: languages, changed }, lines);
};

/** `install`. */
export const installCommands: CommandGroup = (program, wrap) => {
  program
    .command('install')
    .description('migrate the database and install the clean-install data if it is empty (idempotent)')
    .action(wrap(install));
};
