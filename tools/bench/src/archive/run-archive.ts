import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { StepResult } from './archive-step.js';

const STEP = join(dirname(fileURLToPath(import.meta.url)), 'archive-step.js');

/**
 * Runs one step in a child process, killed after `limitSeconds`.
 * @throws Error when it fails, prints no result, or runs out of time.
 */
function runStep(args: readonly string[], env: Record<string, string>, limitSeconds: number): Promise<StepResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [STEP, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')}: no result within ${limitSeconds} s (BENCH_TIME_LIMIT)`));
    }, limitSeconds * 1000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const line = output.trim().split('\n').pop() ?? '';
      if (code !== 0 || line === '') reject(new Error(`${args.join(' ')}: exited with ${String(code)}`));
      else resolve(JSON.parse(line) as StepResult);
    });
  });
}

/** The figures of one size. */
interface SizeResult {
  readonly items: number;
  readonly seed: StepResult;
  readonly exported: StepResult;
  readonly imported: StepResult;
}

/** One database of the run: a temporary DATA_DIR, and on PostgreSQL a schema of its own. */
interface Place {
  readonly env: Record<string, string>;
  remove(): Promise<void>;
}

async function place(databaseUrl: string | undefined): Promise<Place> {
  const dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-archive-bench-'));
  const schema = databaseUrl === undefined ? undefined : `bench_archive_${randomBytes(6).toString('hex')}`;
  return {
    env: { DATA_DIR: dataDir, ...(databaseUrl !== undefined && schema !== undefined ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}) },
    async remove() {
      await rm(dataDir, { recursive: true, force: true });
      if (databaseUrl === undefined || schema === undefined) return;
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

async function measureSize(items: number, databaseUrl: string | undefined, limitSeconds: number): Promise<SizeResult> {
  const source = await place(databaseUrl);
  const target = await place(databaseUrl);
  const file = join(source.env['DATA_DIR'] ?? tmpdir(), 'repository.tar.gz');
  try {
    const seed = await runStep(['seed', String(items)], source.env, limitSeconds);
    const exported = await runStep(['export', file], source.env, limitSeconds);
    const imported = await runStep(['import', file], target.env, limitSeconds);
    if (imported.rows !== exported.rows) throw new Error(`import read ${String(imported.rows)} rows, export wrote ${String(exported.rows)}`);
    return { items, seed, exported, imported };
  } finally {
    await source.remove();
    await target.remove();
  }
}

const mib = (bytes: number | undefined): string => ((bytes ?? 0) / 1024 / 1024).toFixed(1);

/**
 * The archive benchmark, bounded in time: for each size of BENCH_ARCHIVE_ITEMS (default `10000,100000`) it seeds
 * that many articles of the search benchmark (plus the clean install) into a fresh database, exports it with
 * `exportArchive` into a file and imports the file into another fresh database with `importArchive`, each step in
 * a child process of its own, and prints seconds, archive size and peak RSS per step. BENCH_TIME_LIMIT (seconds,
 * default 1800) bounds each step; DATABASE_URL runs both databases on PostgreSQL (in schemas it drops after).
 */
async function main(): Promise<void> {
  const sizes = (process.env['BENCH_ARCHIVE_ITEMS'] ?? '10000,100000').split(',').map(Number).filter((size) => Number.isSafeInteger(size) && size > 0);
  const limitSeconds = Number(process.env['BENCH_TIME_LIMIT'] ?? 1800);
  const databaseUrl = process.env['DATABASE_URL'] === '' ? undefined : process.env['DATABASE_URL'];
  const engine = databaseUrl === undefined ? 'SQLite' : 'PostgreSQL';
  const rows: string[] = [];
  for (const items of sizes) {
    const result = await measureSize(items, databaseUrl, limitSeconds);
    const line = `| ${engine} | ${items} | ${String(result.exported.rows)} | ${String(result.seed.seconds.toFixed(1))} | ${result.exported.seconds.toFixed(1)} | ${mib(result.exported.archiveBytes)} | ${result.exported.peakRssMiB.toFixed(0)} | ${result.imported.seconds.toFixed(1)} | ${result.imported.peakRssMiB.toFixed(0)} |`;
    rows.push(line);
    process.stdout.write(`${line}\n`);
  }
  process.stdout.write(
    [
      '',
      '| engine | items | rows | seed s | export s | archive MiB | export peak RSS MiB | import s | import peak RSS MiB |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
