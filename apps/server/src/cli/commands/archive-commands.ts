import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { ArchiveError, type ArchiveProgress, type ArchiveSummary, type Persistence } from '@contentrepo/persistence';
import type { CommandContext } from '../cli-context.js';
import type { CommandAction, CommandGroup } from '../cli-program.js';
import { CliError, EXIT_CODES, type ExitCode } from '../cli-errors.js';

/**
 * `export <file>` and `import <file> [--force]`: the portable archive of the persistence (`exportArchive`,
 * `importArchive`: every repository table with its ids and every stored file in one gzip'd tar, across engines),
 * with a progress bar per phase (`rows`, then `files`).
 */

/** The exit code of each archive refusal: a damaged or foreign archive is invalid input; a target with content, a conflict. */
const ARCHIVE_EXIT_CODES: Readonly<Record<ArchiveError['reason'], ExitCode>> = {
  corrupt: EXIT_CODES.invalidInput,
  incompatible: EXIT_CODES.invalidInput,
  'not-empty': EXIT_CODES.conflict,
};

/** A progress callback drawing one bar per phase of the archive (`rows`, `files`) that has anything to do. */
function phaseProgress(context: CommandContext, verb: string): { readonly onProgress: ArchiveProgress; stop(): void } {
  let phase = '';
  let bar: ReturnType<CommandContext['progress']> | null = null;
  return {
    onProgress(done, total, next) {
      if (next !== phase) {
        bar?.stop();
        phase = next;
        // A phase with nothing to do (an archive without files) draws no bar.
        bar = total === 0 ? null : context.progress(`${verb} ${phase}`);
        if (total !== undefined) bar?.setTotal(total);
      }
      bar?.update(done);
    },
    stop() {
      bar?.stop();
    },
  };
}

/** `summary` as the human result line. */
function resultLine(verb: string, file: string, summary: ArchiveSummary, seconds: number): string {
  const tables = Object.keys(summary.tables).length;
  return `${verb} ${summary.rows} row(s) of ${tables} table(s) and ${summary.files} file(s) (${summary.fileBytes} bytes) ${verb === 'Exported' ? 'to' : 'from'} ${file} in ${seconds}s`;
}

/** An archive refusal or a file error as the command's error. */
function archiveFailure(error: unknown, file: string): unknown {
  if (error instanceof ArchiveError) return new CliError(error.message, ARCHIVE_EXIT_CODES[error.reason], { reason: error.reason });
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT') return new CliError(`There is no file '${file}'`, EXIT_CODES.notFound);
  if (code === 'EACCES' || code === 'EISDIR' || code === 'ENOTDIR') return new CliError(`Cannot use '${file}': ${(error as Error).message}`, EXIT_CODES.failure);
  return error;
}

function secondsSince(started: number): number {
  return Math.round((Date.now() - started) / 100) / 10;
}

/**
 * `export <file>`: writes the archive to a temporary file beside `file`, renamed to it once complete, so that a
 * failed export never leaves a partial archive under the name asked for.
 */
const exportAction: CommandAction = async (context, args) => {
  const file = String(args[0]);
  const store = await context.openReadyStore();
  const partial = `${file}.partial-${process.pid}`;
  const progress = phaseProgress(context, 'export');
  const started = Date.now();
  let summary: ArchiveSummary;
  try {
    summary = await store.exportArchive(createWriteStream(partial), { onProgress: progress.onProgress });
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw archiveFailure(error, file);
  } finally {
    progress.stop();
  }
  const seconds = secondsSince(started);
  context.out.result({ file, bytes: (await stat(file)).size, seconds, ...summary }, resultLine('Exported', file, summary, seconds));
};

/** The store to import into: opened and migrated to this build, which may hold no data yet. */
async function importTarget(context: CommandContext): Promise<Persistence> {
  const store = await context.openStore();
  const pending = await store.pendingMigrations();
  if (pending.length > 0) {
    throw new CliError(`The database lacks ${pending.length} migration(s) of this build: run 'contentrepo migrate' first`, EXIT_CODES.database, { pending });
  }
  return store;
}

/** `import <file> [--force]`: replaces an empty (or untouched clean-install) repository by the archive's. */
const importAction: CommandAction = async (context, args, options) => {
  const file = String(args[0]);
  const store = await importTarget(context);
  const progress = phaseProgress(context, 'import');
  const started = Date.now();
  let summary: ArchiveSummary;
  try {
    await stat(file);
    summary = await store.importArchive(createReadStream(file), { force: options['force'] === true, onProgress: progress.onProgress });
  } catch (error) {
    throw archiveFailure(error, file);
  } finally {
    progress.stop();
  }
  const seconds = secondsSince(started);
  context.out.result({ file, seconds, ...summary }, resultLine('Imported', file, summary, seconds));
};

/** `export`, `import`. */
export const archiveCommands: CommandGroup = (program, wrap) => {
  program
    .command('export')
    .description('write the whole repository (content, types, users, roles, files…) to a portable archive')
    .argument('<file>', 'the archive to write (a gzip-compressed tar, e.g. backup.tar.gz)')
    .action(wrap(exportAction));
  program
    .command('import')
    .description('load a portable archive into an empty (or freshly installed) repository')
    .argument('<file>', 'the archive to read')
    .option('--force', 'replace a repository that holds content of its own')
    .action(wrap(importAction));
};
