import cluster from 'node:cluster';
import { serveLoginThrottleToWorkers } from '@contentrepo/http-auth';
import { pino, type Logger } from 'pino';
import { createApp } from './app.js';
import { createLogger } from './logging.js';
import { createHttpServer } from './http-server.js';
import { runClusterPrimary } from './cluster-primary.js';
import type { ServerConfig } from './server-config.js';
import { workerChangeRelay } from './worker-change-relay.js';

/**
 * Logs why the server could not start, as a JSON line on standard error (the configured logger may not exist yet).
 */
export function logStartFailure(message: string, error?: unknown): void {
  pino({ base: { pid: process.pid } }, pino.destination({ fd: 2, sync: true })).fatal(error === undefined ? {} : { err: error }, message);
}

/**
 * Runs the server `config` describes, as `main.ts` and the command line's `serve` do: with `WORKERS` > 1 runs the cluster's primary (see `cluster-primary.ts`),
 * which prepares the database and forks the workers that serve; otherwise (or in a worker) builds the app, listens
 * (with the configured HTTP timeouts), and shuts down gracefully on SIGTERM/SIGINT (stops accepting connections,
 * lets requests finish, closes the database).
 */
export async function runServer(config: ServerConfig): Promise<void> {
  let logger: Logger;
  try {
    logger = await createLogger({ level: config.logLevel, format: config.logFormat });
  } catch (error) {
    logStartFailure(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  // An error nothing caught ends the process as Node would, but logged as a JSON line like every other.
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'Uncaught exception; stopping');
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, 'Unhandled promise rejection; stopping');
    process.exit(1);
  });
  if (cluster.isPrimary && config.workers > 1) {
    await runClusterPrimary(config, logger, { serveLoginThrottle: serveLoginThrottleToWorkers });
    return;
  }
  await serve(config, logger, cluster.isWorker);
}

/** Builds the app and serves it from this process: the whole server, or one worker of a cluster (`inCluster`). */
async function serve(config: ServerConfig, logger: Logger, inCluster: boolean): Promise<void> {
  const app = await createApp(config, {
    logger,
    ...(inCluster
      ? { clusterWorker: { changeRelay: workerChangeRelay((message, error) => logger.warn({ component: 'cluster', err: error }, message)) } }
      : {}),
  });
  const server = createHttpServer(app.express, config);
  server.listen(config.port, config.host, () => {
    // The port actually bound (`PORT=0` asks the system for a free one): scripts read it from this line. Workers
    // share the port the primary bound; the primary logs `contentrepo listening` once they all listen.
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    logger.info(
      { port, url: `http://${config.host}:${port}${config.basePath}/api/ibexa/v2/`, driver: app.driver, dataDir: config.dataDir },
      inCluster ? 'Worker listening' : 'contentrepo listening',
    );
  });
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'Server failed');
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Event streams never end on their own: end them so that the server closes once requests are done.
    app.closeStreams();
    server.close(() => {
      app
        .close()
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          logger.error({ err: error }, 'Error while closing');
          process.exit(1);
        });
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // A worker whose primary is gone (killed) stops too, instead of serving on alone.
  if (inCluster) process.on('disconnect', () => stop('disconnect'));
}
