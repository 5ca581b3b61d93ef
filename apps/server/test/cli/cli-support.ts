import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { dropTestSchema } from '@contentrepo/persistence/testing';
import { COMMAND_GROUPS } from '../../src/cli/commands/index.js';
import type { CliIo } from '../../src/cli/cli-output.js';
import { runCli } from '../../src/cli/cli-program.js';
import type { TestEngine } from '../support/test-server.js';

/** What one in-process run of the command line printed and how it ended. */
export interface CliRun {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout parsed as the one JSON document of `--json` (throws when it is not exactly one JSON document). */
  json(): Record<string, unknown>;
}

/** A captured output stream (no terminal). */
class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString('utf8');
    done();
  }
}

/** A data directory (and on PostgreSQL a fresh schema) the commands of a test run on, with its environment. */
export interface CliDatabase {
  readonly env: Record<string, string>;
  readonly dataDir: string;
  /** Runs `contentrepo <args>` in this process with `stdin` as standard input. */
  run(args: readonly string[], stdin?: string): Promise<CliRun>;
  /** Removes the data directory and drops the schema. */
  remove(): Promise<void>;
}

/** Runs `contentrepo <args>` in this process with `env` as its environment. */
export async function runInProcess(args: readonly string[], env: Record<string, string>, stdin = ''): Promise<CliRun> {
  const stdout = new Capture();
  const stderr = new Capture();
  const input = new PassThrough();
  input.end(stdin);
  const io: CliIo = { stdout, stderr, stdin: input, env };
  const { exitCode } = await runCli(args, io, COMMAND_GROUPS);
  return {
    exitCode,
    stdout: stdout.text,
    stderr: stderr.text,
    json: () => JSON.parse(stdout.text) as Record<string, unknown>,
  };
}

/** A fresh, empty database on `engine` (an empty data directory; on PostgreSQL a schema `test_<random>`, created by `migrate`). */
export async function freshDatabase(engine: TestEngine): Promise<CliDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-cli-'));
  const schema = engine.databaseUrl === undefined ? undefined : `test_${randomBytes(6).toString('hex')}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    AUTH_BASIC: 'true',
    LOG_LEVEL: 'silent',
    ...(engine.databaseUrl !== undefined && schema !== undefined ? { DATABASE_URL: engine.databaseUrl, DATABASE_SCHEMA: schema } : {}),
  };
  return {
    env,
    dataDir,
    run: (args, stdin) => runInProcess(args, env, stdin),
    async remove() {
      if (engine.databaseUrl !== undefined && schema !== undefined) await dropTestSchema(engine.databaseUrl, schema);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
