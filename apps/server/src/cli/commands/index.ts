import type { CommandGroup } from '../cli-program.js';
import { archiveCommands } from './archive-commands.js';
import { installCommands } from './install-command.js';
import { languageCommands } from './language-commands.js';
import { migrateCommands } from './migrate-commands.js';
import { reindexCommands } from './reindex-command.js';
import { serveCommands } from './serve-command.js';
import { userCommands } from './user-commands.js';
import { webhookCommands } from './webhook-commands.js';

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
  archiveCommands,
  webhookCommands,
  serveCommands,
];
