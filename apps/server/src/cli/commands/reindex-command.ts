import { DEFAULT_REINDEX_BATCH_SIZE, reindexSearch } from '@contentrepo/core';
import { InvalidArgumentError } from 'commander';
import type { CommandAction, CommandGroup } from '../cli-program.js';

/** Parses `--batch-size`: an integer from 1 to 10,000. */
function batchSize(value: string): number {
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1 || size > 10_000) throw new InvalidArgumentError('must be an integer from 1 to 10000');
  return size;
}

/**
 * `reindex`: rebuilds the search index of every published item from its stored current version (core's
 * `reindexSearch`: batches of `--batch-size` items, each in a short transaction), with a progress bar and ETA.
 * Safe while servers run on the same database.
 */
const reindex: CommandAction = async (context, _args, options) => {
  const store = await context.openReadyStore();
  const progress = context.progress('reindex');
  const started = Date.now();
  let result;
  try {
    result = await reindexSearch({
      persistence: store.persistence,
      fieldTypes: context.fieldTypes,
      batchSize: (options['batchSize'] as number | undefined) ?? DEFAULT_REINDEX_BATCH_SIZE,
      onProgress: ({ done, total }) => {
        if (done === 0) progress.setTotal(total);
        else progress.update(done);
      },
    });
  } finally {
    progress.stop();
  }
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  context.out.result(
    { ...result, seconds },
    `Reindexed ${result.indexed} item(s) of ${result.contentTypes} content type(s) in ${seconds}s${result.skipped > 0 ? ` (${result.skipped} gone meanwhile)` : ''}`,
  );
};

/** `reindex`. */
export const reindexCommands: CommandGroup = (program, wrap) => {
  program
    .command('reindex')
    .description('rebuild the search index from the stored content, with a progress bar')
    .option('--batch-size <items>', `items per transaction (default ${DEFAULT_REINDEX_BATCH_SIZE})`, batchSize)
    .action(wrap(reindex));
};
