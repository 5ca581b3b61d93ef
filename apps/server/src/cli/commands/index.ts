import type { CommandGroup } from '../program.js';
import { installCommands } from './install.js';
import { languageCommands } from './language.js';
import { migrateCommands } from './migrate.js';
import { reindexCommands } from './reindex.js';
import { serveCommands } from './serve.js';
import { userCommands } from './user.js';

/**
 * Every command group of `contentrepo`, in the order `--help` lists them. A new group is one file exporting a
 * `CommandGroup` (see `program.ts`) and one line here.
 */
export const COMMAND_GROUPS: readonly CommandGroup[] = [
  migrateCommands,
  installCommands,
  userCommands,
  languageCommands,
  reindexCommands,
  serveCommands,
];
