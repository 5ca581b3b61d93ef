import { writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { createApp, createHttpServer, loadConfig, type App } from '@contentrepo/server';
import express from 'express';
import { pino } from 'pino';
import { publishItem } from '../search/seed-articles.js';
import { peerItem } from './peer-data.js';

/** Items written per transaction when seeding through the SPI. */
const SEED_BATCH = 500;

/** A fixed JSON answer of about 2 KB: what the bare Express route serves. */
const FIXED_ANSWER = {
  items: Array.from({ length: 16 }, (_, index) => ({ id: index + 1, title: `Fixed item number ${index + 1}`, category: 'news', publishedAt: 1_700_000_000 + index, intro: 'x'.repeat(60) })),
};

/** A command of the benchmark runner (over the IPC channel) and its answer. */
interface Command {
  readonly id: number;
  readonly cmd: 'usage' | 'profile-start' | 'profile-stop' | 'seed' | 'stop';
  readonly file?: string;
  readonly from?: number;
  readonly to?: number;
  readonly parentLocationId?: number;
}

/**
 * The peer benchmark's server process, forked by the runner with an IPC channel: `serve-peers.js app`
 * (contentrepo on `DATA_DIR` or `DATABASE_URL`, as the runner sets them, with the production HTTP server) or
 * `serve-peers.js bare` (a bare Express 5 route `GET /fixed` answering a fixed ~2 KB JSON: the ceiling). Sends
 * `{port, driver}` once listening, then answers commands `{id, cmd}`: `usage` (CPU milliseconds used so far and RSS
 * bytes), `profile-start` / `profile-stop` (a CPU profile through the inspector, written to `file`), `seed` (items
 * `from`..`to`-1 of the workload through the SPI under `parentLocationId`, answering their content ids), `stop`.
 * Stops also on SIGTERM or when the runner goes away. Removes nothing: the runner owns the data folder.
 */
async function main(): Promise<void> {
  const kind = process.argv[2];
  let app: App | null = null;
  let server: Server;
  if (kind === 'bare') {
    const bare = express();
    bare.get('/fixed', (_req, res) => {
      res.json(FIXED_ANSWER);
    });
    server = bare.listen(0, '127.0.0.1');
  } else if (kind === 'app') {
    const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
    app = await createApp(config, { logger: pino({ level: 'silent' }) });
    server = createHttpServer(app.express, config).listen(0, '127.0.0.1');
  } else {
    throw new Error('usage: serve-peers.js app|bare');
  }
  const send = (message: unknown): void => {
    process.send?.(message);
  };
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    server.close(() => {
      (app ? app.close() : Promise.resolve()).then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
    server.closeAllConnections();
  };
  server.on('listening', () => send({ port: (server.address() as AddressInfo).port, driver: app?.driver ?? 'express' }));
  let profiler: Session | null = null;
  const answer = async (command: Command): Promise<unknown> => {
    switch (command.cmd) {
      case 'usage': {
        const usage = process.cpuUsage();
        return { cpuMs: (usage.user + usage.system) / 1000, rss: process.memoryUsage.rss() };
      }
      case 'profile-start':
        profiler = new Session();
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.start');
        return null;
      case 'profile-stop': {
        if (!profiler || !command.file) throw new Error('no profile running');
        const { profile } = await profiler.post('Profiler.stop');
        profiler.disconnect();
        profiler = null;
        await writeFile(command.file, JSON.stringify(profile));
        return command.file;
      }
      case 'seed':
        if (!app) throw new Error('seed: not the app');
        return seed(app, command.from ?? 0, command.to ?? 0, command.parentLocationId ?? 2);
      case 'stop':
        stop();
        return null;
    }
  };
  process.on('message', (message: Command) => {
    answer(message).then(
      (result) => send({ id: message.id, result }),
      (error: unknown) => send({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
}

/**
 * Seeds items `from`..`to`-1 of the workload through the SPI (no HTTP, no services), in transactions of
 * {@link SEED_BATCH}: content, version, location, state and search index entries, as the search benchmark does.
 * Returns their content ids in order.
 */
async function seed(app: App, from: number, to: number, parentLocationId: number): Promise<number[]> {
  const type = await app.persistence.contentTypeHandler.loadByIdentifier('peer_article');
  if (!type) throw new Error('seed: the peer_article type is missing (the runner creates it over REST first)');
  const ids: number[] = [];
  for (let start = from; start < to; start += SEED_BATCH) {
    const end = Math.min(to, start + SEED_BATCH);
    await app.persistence.transaction(async (tx) => {
      for (let index = start; index < end; index += 1) {
        const item = peerItem(index);
        const fields = { title: item.title, intro: item.intro, published_at: { timestamp: item.publishedAt }, category: item.category };
        const created = await publishItem(tx, app.repository.fieldTypes, {
          type, key: `peer-${index}`, name: item.title, fields, parentLocationId, date: new Date(item.publishedAt * 1000),
        });
        ids.push(created.contentId);
      }
    });
  }
  return ids;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
