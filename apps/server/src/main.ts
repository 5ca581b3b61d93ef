import { pino } from 'pino';
import { createApp } from './app.js';
import { createHttpServer } from './http-server.js';
import { ConfigError, loadConfig } from './server-config.js';

/**
 * Entry point: reads the environment, builds the app, listens (with the configured HTTP timeouts), and shuts down
 * gracefully on SIGTERM/SIGINT (stops accepting connections, lets requests finish, closes the database).
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = pino({ level: config.logLevel });
  const app = await createApp(config, { logger });
  const server = createHttpServer(app.express, config);
  server.listen(config.port, config.host, () => {
    // The port actually bound (`PORT=0` asks the system for a free one): scripts read it from this line.
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    logger.info(
      { port, url: `http://${config.host}:${port}${config.basePath}/api/ibexa/v2/`, driver: app.driver, dataDir: config.dataDir },
      'contentrepo listening',
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
}

main().catch((error: unknown) => {
  process.stderr.write(`contentrepo failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
