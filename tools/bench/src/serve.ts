import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, loadConfig } from '@contentrepo/server';
import express from 'express';
import { pino } from 'pino';

/**
 * A server process for the benchmarks, so that the load generator does not share its CPU:
 * `node serve.js bare` (a bare Express route, the ceiling) or `node serve.js app` (contentrepo on a fresh SQLite
 * database in a temporary directory, or on DATABASE_URL). Prints `{"port": n}` once listening; stops on SIGTERM.
 */
async function main(): Promise<void> {
  const kind = process.argv[2];
  let cleanup = async (): Promise<void> => undefined;
  let server: Server;
  if (kind === 'bare') {
    const app = express();
    app.get('/ping', (_req, res) => {
      res.json({ ok: true });
    });
    server = app.listen(0, '127.0.0.1');
  } else if (kind === 'app') {
    const dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-bench-'));
    const app = await createApp(loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { logger: pino({ level: 'silent' }) });
    server = app.express.listen(0, '127.0.0.1');
    cleanup = async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    };
  } else {
    throw new Error('usage: serve.js bare|app');
  }
  server.on('listening', () => {
    process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
  });
  process.on('SIGTERM', () => {
    server.close(() => {
      cleanup().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
    server.closeAllConnections();
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
