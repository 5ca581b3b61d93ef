import { runServer } from '../../run-server.js';
import type { CommandAction, CommandGroup } from '../cli-program.js';

/**
 * `serve`: runs the server exactly as `node apps/server/dist/bundle/main.mjs` does (`runServer`, the same
 * configuration from the environment); it keeps running until SIGTERM or SIGINT.
 */
const serve: CommandAction = async (context) => {
  const config = context.config();
  context.keepRunning();
  await runServer(config);
};

/** `serve`. */
export const serveCommands: CommandGroup = (program, wrap) => {
  program.command('serve').description('run the server (the configuration comes from the environment, as for pnpm start)').action(wrap(serve));
};
