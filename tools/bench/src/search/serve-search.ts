import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createApp, loadConfig } from '@contentrepo/server';
import { pino } from 'pino';
import { type SeedProgress, seedArticles } from './seed-articles.js';

/** Most articles one command may ask for (keeps the seeding loop bounded). */
const MAX_ARTICLES = 1_000_000;

/**
 * The search benchmark's server process: contentrepo on a fresh SQLite database in a temporary directory (or on
 * DATABASE_URL), listening on loopback. Prints `{"port": n}` once listening, then answers each stdin line
 * `{"articles": n}` by seeding up to n articles through the SPI and printing `{"articles", "seconds", "facts"}`.
 * Stops on SIGTERM or when stdin closes.
 */
async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-search-bench-'));
  const app = await createApp(loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { logger: pino({ level: 'silent' }) });
  const server = app.express.listen(0, '127.0.0.1');
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    server.close(() => {
      app.close().then(
        () => rm(dataDir, { recursive: true, force: true }).then(() => process.exit(0)),
        () => process.exit(1),
      );
    });
    server.closeAllConnections();
  };
  server.on('listening', () => {
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? (address satisfies AddressInfo).port : 0;
    process.stdout.write(`${JSON.stringify({ port, driver: app.driver })}\n`);
  });
  let progress: SeedProgress | null = null;
  let queue = Promise.resolve();
  createInterface({ input: process.stdin })
    .on('line', (line) => {
      queue = queue
        .then(async () => {
          const parsed: unknown = JSON.parse(line);
          const wanted = typeof parsed === 'object' && parsed !== null && 'articles' in parsed && typeof parsed.articles === 'number' ? parsed.articles : 0;
          const started = performance.now();
          progress = await seedArticles(app.persistence, app.repository.fieldTypes, progress, Math.min(MAX_ARTICLES, wanted));
          const seconds = (performance.now() - started) / 1000;
          process.stdout.write(`${JSON.stringify({ articles: progress.articles, seconds, facts: progress.facts })}\n`);
        })
        .catch((error: unknown) => {
          process.stderr.write(`seeding failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
          process.exit(1);
        });
    })
    .on('close', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
