import { logStartFailure, runServer } from './run-server.js';
import { ConfigError, loadConfig, loadEnvironment } from './server-config.js';

/**
 * Entry point: reads the environment (after the `.env` file, see `loadEnvironment`; exit code 2 on a configuration
 * error, logged as a JSON line) and runs the server (see `run-server.ts`).
 */
async function main(): Promise<void> {
  let config;
  try {
    loadEnvironment();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      logStartFailure(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  await runServer(config);
}

main().catch((error: unknown) => {
  logStartFailure('contentrepo failed to start', error);
  process.exit(1);
});
