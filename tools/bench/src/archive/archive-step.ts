import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createApp, loadConfig } from '@contentrepo/server';
import { createPersistence, type ArchiveSummary } from '@contentrepo/persistence';
import { pino } from 'pino';
import { seedArticles } from '../search/seed-articles.js';

/** Most items one seed step may create (keeps the seeding loop bounded). */
const MAX_ITEMS = 1_000_000;

/** What a step prints (one JSON line). */
export interface StepResult {
  readonly step: 'seed' | 'export' | 'import';
  readonly seconds: number;
  /** Peak resident set size of this process, in MiB. */
  readonly peakRssMiB: number;
  readonly rows?: number;
  readonly files?: number;
  readonly archiveBytes?: number;
  readonly items?: number;
}

function env(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

function required(name: string): string {
  const value = env(name);
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
}

const peakRssMiB = (): number => process.resourceUsage().maxRSS / 1024;

/**
 * One step of the archive benchmark, in a process of its own so that its peak RSS is the step's:
 * - `seed <items>`: the clean install and `items` articles of the search benchmark (through the SPI) in DATA_DIR's
 *   database (or DATABASE_URL, schema DATABASE_SCHEMA);
 * - `export <file>`: `exportArchive` of that database into `file`;
 * - `import <file>`: `importArchive` of `file` into the empty database of DATA_DIR (or DATABASE_SCHEMA).
 * Prints one JSON line ({@link StepResult}).
 */
async function main(): Promise<void> {
  const [step, argument = ''] = process.argv.slice(2);
  const dataDir = required('DATA_DIR');
  const databaseUrl = env('DATABASE_URL');
  const schema = env('DATABASE_SCHEMA');
  const started = performance.now();
  let result: StepResult;
  if (step === 'seed') {
    const items = Math.min(MAX_ITEMS, Number(argument));
    const app = await createApp(loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { logger: pino({ level: 'silent' }) });
    try {
      const seeded = await seedArticles(app.persistence, app.repository.fieldTypes, null, items);
      result = { step, seconds: (performance.now() - started) / 1000, peakRssMiB: peakRssMiB(), items: seeded.articles };
    } finally {
      await app.close();
    }
  } else if (step === 'export' || step === 'import') {
    const store = await createPersistence({ dataDir, databaseUrl, schema });
    let summary: ArchiveSummary;
    try {
      const begun = performance.now();
      summary = step === 'export' ? await store.exportArchive(createWriteStream(argument)) : await store.importArchive(createReadStream(argument));
      const seconds = (performance.now() - begun) / 1000;
      result = { step, seconds, peakRssMiB: peakRssMiB(), rows: summary.rows, files: summary.files, archiveBytes: (await stat(argument)).size };
    } finally {
      await store.close();
    }
  } else {
    throw new Error(`unknown step '${step ?? ''}' (seed <items> | export <file> | import <file>)`);
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
