import { runServer } from './run-server.js';
import { ConfigError, loadConfig } from './server-config.js';

/** Entry point: reads the environment (exit code 2 on a configuration error) and runs the server (see `run-server.ts`). */
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
  await runServer(config);
}

main().catch((error: unknown) => {
  process.stderr.write(`contentrepo failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
