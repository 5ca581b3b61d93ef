import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { prepareDatabase } from './app.js';
import type { ServerConfig } from './server-config.js';
import { relayChangesBetweenWorkers } from './worker-change-relay.js';

/** Most restarts of crashed workers within {@link RESTART_WINDOW_MS}; one more stops the whole server. */
export const MAX_WORKER_RESTARTS = 5;
/** The window the restarts are counted in, in milliseconds. */
export const RESTART_WINDOW_MS = 60_000;
/** How long the workers get to finish their requests after SIGTERM before they are killed, in milliseconds. */
const STOP_TIMEOUT_MS = 15_000;

/** Collaborators of {@link runClusterPrimary}. */
export interface ClusterPrimaryOptions {
  /** Starts keeping the workers' failed-login counters in this process (SQLite; called once, before forking). */
  readonly serveLoginThrottle: () => void;
}

/**
 * The primary process of `WORKERS` > 1: serves no request itself.
 *
 * 1. Prepares the database once (migrations, clean-install seed, missing languages, under the start lock), so the
 *    workers start on a ready database and only check it.
 * 2. On SQLite, keeps the failed-login counters of every worker (they ask over IPC) and relays each worker's change
 *    announcements to the others (PostgreSQL: both go through the database, nothing to relay).
 * 3. Without `JWT_SECRET`, gives every worker one random secret of this start, so a token made by one is accepted
 *    by all (still not by other nodes or after a restart: a warning is logged).
 * 4. Forks `config.workers` workers (Node `cluster`: they share the listening socket, which the primary binds once —
 *    with `PORT=0` every worker gets the same free port — and the primary hands connections out in turn). Once
 *    every worker listens it logs `contentrepo listening` with the port, as a single process does.
 * 5. A worker that ends while the server is not stopping is logged at `error` and forked again; the other workers
 *    are told to drop their caches (the dead one may have committed a write it had not announced yet). More than
 *    {@link MAX_WORKER_RESTARTS} restarts within {@link RESTART_WINDOW_MS} stop the server (exit code 1).
 * 6. SIGTERM or SIGINT: every worker is asked to stop gracefully (SIGTERM; killed after 15 s), then the primary
 *    exits 0.
 *
 * @throws what preparing the database throws (nothing is forked then).
 */
export async function runClusterPrimary(config: ServerConfig, logger: Logger, options: ClusterPrimaryOptions): Promise<void> {
  const driver = await prepareDatabase(config, logger);
  const relay = driver === 'sqlite' ? relayChangesBetweenWorkers() : null;
  if (driver === 'sqlite' && config.loginMaxFailures > 0) options.serveLoginThrottle();
  if (config.metrics.enabled) (await import('./metrics.js')).serveClusterMetrics();
  const env: Record<string, string> = { WORKERS: String(config.workers) };
  if (config.jwtSecret === undefined) {
    logger.warn('JWT_SECRET is not set: JWTs are signed with a random secret of this start, shared by its workers (invalid after a restart and on other nodes)');
    env['JWT_SECRET'] = randomBytes(32).toString('hex');
  }

  let stopping = false;
  let exitCode = 0;
  let announced = false;
  const restarts: number[] = [];
  const listening = new Set<number>();

  const fork = (): Worker => cluster.fork(env);

  cluster.on('listening', (worker: Worker, address: AddressInfo | { port: number }) => {
    listening.add(worker.id);
    if (announced || listening.size < config.workers) return;
    announced = true;
    logger.info(
      {
        port: address.port,
        url: `http://${config.host}:${address.port}${config.basePath}/api/ibexa/v2/`,
        driver,
        dataDir: config.dataDir,
        workers: config.workers,
      },
      'contentrepo listening',
    );
  });

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    listening.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info('Every worker stopped');
        process.exit(exitCode);
      }
      return;
    }
    const now = Date.now();
    while (restarts.length > 0 && (restarts[0] ?? now) <= now - RESTART_WINDOW_MS) restarts.shift();
    logger.error({ workerPid: worker.process.pid, code, signal }, 'Worker ended; starting another');
    relay?.flushAll(worker);
    if (restarts.length >= MAX_WORKER_RESTARTS) {
      logger.fatal({ restarts: restarts.length, windowMs: RESTART_WINDOW_MS }, 'Workers keep ending; stopping the server');
      stopAll('restarts', 1);
      return;
    }
    restarts.push(now);
    fork();
  });

  const stopAll = (reason: string, code: number): void => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    logger.info({ signal: reason }, 'Shutting down');
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    if (workers.length === 0) process.exit(exitCode);
    const force = setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    force.unref();
    for (const worker of workers) worker.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stopAll('SIGTERM', 0));
  process.on('SIGINT', () => stopAll('SIGINT', 0));

  for (let index = 0; index < config.workers; index += 1) fork();
}
