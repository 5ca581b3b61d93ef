import type { CliError } from './cli-errors.js';

/** The streams and environment a run of the command line uses (the process's, or a test's). */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream & { readonly isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { readonly isTTY?: boolean; readonly columns?: number };
  readonly stdin: NodeJS.ReadableStream;
  /** The environment the configuration is read from (`loadConfig`). */
  readonly env: NodeJS.ProcessEnv;
}

/** The options every command takes. */
export interface GlobalOptions {
  /** Print one JSON document on stdout (the result, or `{"ok": false, "error": …}`) and no progress. */
  readonly json: boolean;
  /** Print nothing on success (errors still go to stderr). */
  readonly quiet: boolean;
}

/** A command's result as JSON: the members of its `--json` document besides `"ok": true`. */
export type JsonResult = Readonly<Record<string, unknown>>;

/**
 * Prints a command's outcome: with `--json` exactly one JSON document on stdout (`{"ok": true, …result}` or
 * `{"ok": false, "error": {"kind", "exitCode", "message", …details}}`); otherwise human lines on stdout (none with
 * `--quiet`) and error messages on stderr (`contentrepo: <message>`). Notes (what is going on while a command
 * works) go to stderr, never with `--json` or `--quiet`.
 */
export class Output {
  private printed = false;

  constructor(
    private readonly io: CliIo,
    readonly options: GlobalOptions,
  ) {}

  /** Whether progress and notes may be shown (neither `--json` nor `--quiet`). */
  get chatty(): boolean {
    return !this.options.json && !this.options.quiet;
  }

  /**
   * The command's result: `json` as the JSON document, or `human` lines on stdout. Call once per command; a second
   * call is a programming error.
   * @throws Error when a result was already printed.
   */
  result(json: JsonResult, human: string | readonly string[]): void {
    if (this.printed) throw new Error('A command printed two results');
    this.printed = true;
    if (this.options.json) {
      this.io.stdout.write(`${JSON.stringify({ ok: true, ...json }, null, 2)}\n`);
      return;
    }
    if (this.options.quiet) return;
    const lines = typeof human === 'string' ? [human] : human;
    if (lines.length > 0) this.io.stdout.write(`${lines.join('\n')}\n`);
  }

  /** A line on stderr about work going on (not with `--json` or `--quiet`). */
  note(line: string): void {
    if (this.chatty) this.io.stderr.write(`${line}\n`);
  }

  /** Reports a failure: the JSON error document on stdout with `--json` (unless a result was printed), and always a line on stderr. */
  error(error: CliError): void {
    if (this.options.json && !this.printed) {
      this.printed = true;
      const document = { ok: false, error: { kind: error.kind, exitCode: error.exitCode, message: error.message, ...error.details } };
      this.io.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
    }
    this.io.stderr.write(`contentrepo: ${error.message}\n`);
  }
}
