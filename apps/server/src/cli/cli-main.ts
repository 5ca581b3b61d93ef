#!/usr/bin/env node
import { COMMAND_GROUPS } from './commands/index.js';
import { EXIT_CODES } from './cli-errors.js';
import { runCli } from './cli-program.js';

/**
 * The `contentrepo` command (the server package's `bin`): runs the command line with the process's streams and
 * environment and ends with the command's exit code (see `EXIT_CODES` in errors.ts and the README, "Command
 * line"). A command that leaves nothing running ends the process at once even if a library left a timer or
 * socket behind; `serve` keeps it running.
 */
runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env }, COMMAND_GROUPS)
  .then(({ exitCode, keepRunning }) => {
    process.exitCode = exitCode;
    if (!keepRunning) setTimeout(() => process.exit(exitCode), 500).unref();
  })
  .catch((error: unknown) => {
    process.stderr.write(`contentrepo: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(EXIT_CODES.failure);
  });
