import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { CliError, EXIT_CODES, toCliError, type ExitCode } from './cli-errors.js';
import { createCommandContext, type CommandContext } from './cli-context.js';
import { Output, type CliIo } from './cli-output.js';

/**
 * The action of one command: its context, its positional arguments (in declaration order; variadic ones as
 * arrays) and its own options (commander's `opts()`). Print the result with `context.out.result` and fail by
 * throwing (a {@link CliError} for a chosen exit code; other errors are mapped by `toCliError`).
 */
export type CommandAction = (context: CommandContext, args: readonly unknown[], options: Readonly<Record<string, unknown>>) => Promise<void>;

/** Turns a {@link CommandAction} into a commander action: the context is built and closed around it, failures reported. */
export type ActionWrapper = (action: CommandAction) => (...commanderArgs: unknown[]) => Promise<void>;

/**
 * One group of commands (one file under `commands/`): declares its commands on `program` with commander's API,
 * each with `.action(wrap(async (context, args, options) => …))`.
 */
export type CommandGroup = (program: Command, wrap: ActionWrapper) => void;

/** The server package's version (`apps/server/package.json`; the same path from `src/cli` and `dist/cli`). */
function packageVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** The global options, from anywhere on the command line. */
function globalOptions(command: Command): CommandContext['options'] {
  const all = command.optsWithGlobals<{ json?: boolean; quiet?: boolean; as?: string }>();
  return { json: all.json === true, quiet: all.quiet === true, as: all.as ?? 'admin' };
}

/**
 * Builds the `contentrepo` program: the global options `--json`, `--quiet` and `--as <login>`, `--version`, and
 * the commands of `groups` in order. Output goes to `io`; commander never exits the process (`exitOverride`).
 * `state.exitCode` receives the exit code of the command that ran.
 */
export function buildProgram(io: CliIo, groups: readonly CommandGroup[], state: CliOutcome): Command {
  const program = new Command('contentrepo')
    .description('Operate a contentrepo repository: migrate, install, manage users and languages, rebuild search, serve.')
    .version(packageVersion(), '-V, --version')
    .option('--json', 'print one JSON document on stdout (the result or the error) and no progress')
    .option('-q, --quiet', 'print nothing on success')
    .option('--as <login>', 'the user whose permissions write commands use', 'admin')
    .showHelpAfterError('(run contentrepo --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    });
  const wrap: ActionWrapper =
    (action) =>
    async (...commanderArgs) => {
      const command = commanderArgs[commanderArgs.length - 1] as Command;
      const options = globalOptions(command);
      const out = new Output(io, options);
      const context = createCommandContext(io, options, out);
      try {
        await action(context, command.processedArgs as unknown[], command.opts());
        state.exitCode = EXIT_CODES.ok;
        state.keepRunning = context.keepsRunning;
      } catch (error) {
        const failure = toCliError(error);
        out.error(failure);
        state.exitCode = failure.exitCode;
      } finally {
        await context.close();
      }
    };
  for (const group of groups) group(program, wrap);
  // Subcommands inherit the output settings and the no-exit behaviour.
  const configure = (command: Command): void => {
    for (const sub of command.commands) {
      sub.exitOverride().configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) });
      configure(sub);
    }
  };
  configure(program);
  return program;
}

/** How a run of the command line ended. */
export interface CliOutcome {
  /** The process's exit code (see `EXIT_CODES`). */
  exitCode: ExitCode;
  /** Whether the process must go on (a server was started): the entry point then does not end it. */
  keepRunning: boolean;
}

/**
 * Runs the command line `args` (without `node` and the script: `['user:create', '--login', …]`) with `groups`
 * and answers how it ended (see `EXIT_CODES`): exit code 0 for help and version too, 2 for a usage error (reported by
 * commander on stderr, and as a JSON error document on stdout with `--json`).
 */
export async function runCli(args: readonly string[], io: CliIo, groups: readonly CommandGroup[]): Promise<CliOutcome> {
  const state: CliOutcome = { exitCode: EXIT_CODES.ok, keepRunning: false };
  const program = buildProgram(io, groups, state);
  try {
    await program.parseAsync([...args], { from: 'user' });
    return state;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return { exitCode: EXIT_CODES.ok, keepRunning: false };
      if (args.includes('--json')) {
        const failure = new CliError(error.message.replace(/^error: /, ''), EXIT_CODES.usage);
        io.stdout.write(`${JSON.stringify({ ok: false, error: { kind: failure.kind, exitCode: failure.exitCode, message: failure.message } }, null, 2)}\n`);
      }
      return { exitCode: EXIT_CODES.usage, keepRunning: false };
    }
    const failure = toCliError(error);
    new Output(io, { json: args.includes('--json'), quiet: false }).error(failure);
    return { exitCode: failure.exitCode, keepRunning: false };
  }
}
