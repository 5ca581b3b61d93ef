import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bundleServer } from '../../src/production-bundle.js';
import { EXIT_CODES } from '../../src/cli/cli-errors.js';

/** The command line's entry (`src/cli/cli-main.ts`), which the `bin` script loads from `dist/`. */
const CLI_SOURCE = fileURLToPath(new URL('../../src/cli/cli-main.ts', import.meta.url));

/** What a finished process printed and how it ended. */
interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The `contentrepo` command as a real process: its source bundled once (as the production bundle is built), run
 * with Node. Checks what only a process shows: the exit status, that a command ends the process (no handle left
 * open), output on the right streams, and `serve` listening and stopping on SIGTERM.
 */
describe('the contentrepo process', () => {
  let dir: string;
  let cli: string;
  let dataDir: string;

  /** Runs the bundled command with `env` added to a minimal environment; killed (and failing) after 20 s. */
  const run = (args: readonly string[], env: Record<string, string> = {}, stdin = ''): Promise<Finished> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [cli, ...args], {
        env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`contentrepo ${args.join(' ')} did not end within 20 s:\n${stderr}`));
      }, 20_000);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
      child.stdin.end(stdin);
    });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'contentrepo-cli-process-'));
    dataDir = join(dir, 'data');
    cli = join(dir, 'contentrepo-cli.mjs');
    await bundleServer(cli, { entry: CLI_SOURCE, splitting: false, sourcemap: 'inline' });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('exits 0 with the version, 2 on an unknown command or option', async () => {
    const version = await run(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const unknown = await run(['frobnicate']);
    expect(unknown.code).toBe(EXIT_CODES.usage);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
    expect((await run(['migrate', '--bogus'])).code).toBe(EXIT_CODES.usage);
  });

  it('exits 2 on a bad setting and 3 when the database cannot be reached', async () => {
    const badConfig = await run(['migrate:status', '--json'], { WORKERS: 'many' });
    expect(badConfig.code).toBe(EXIT_CODES.usage);
    expect(JSON.parse(badConfig.stdout)).toMatchObject({ ok: false, error: { kind: 'usage', exitCode: 2 } });
    // Port 1 on the loopback: nothing listens there, the connection is refused at once.
    const unreachable = await run(['migrate:status'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    expect(unreachable.code).toBe(EXIT_CODES.database);
    expect(unreachable.stderr).toMatch(/^contentrepo: The database cannot be reached/);
  });

  it('installs, ends each command, prints plain progress when stderr is no terminal, and 4 for an unknown user', async () => {
    const install = await run(['install', '--json']);
    expect(install.code).toBe(0);
    expect(JSON.parse(install.stdout)).toMatchObject({ ok: true, installed: true });
    const reindex = await run(['reindex']);
    expect(reindex.code).toBe(0);
    expect(reindex.stderr).toMatch(/^reindex: (\d+)\/\1 \(100%\), ETA 0s, elapsed \d+s\n$/);
    const missing = await run(['user:password', 'nobody', '--password-stdin'], {}, 'Some-Passw0rd\n');
    expect(missing.code).toBe(EXIT_CODES.notFound);
    expect(missing.stderr).toBe("contentrepo: Could not find 'User' with identifier 'nobody'\n");
  });

  it('serve runs the server until SIGTERM, as the production start does', async () => {
    const child = spawn(process.execPath, [cli, 'serve'], {
      env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let lines = '';
        const timer = setTimeout(() => reject(new Error(`serve did not listen within 20 s:\n${lines}`)), 20_000);
        child.stdout.on('data', (chunk: Buffer) => {
          lines += chunk.toString('utf8');
          const listening = /"port":(\d+)[^\n]*"msg":"contentrepo listening"/.exec(lines);
          if (listening?.[1] !== undefined) {
            clearTimeout(timer);
            resolve(Number(listening[1]));
          }
        });
      });
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      const languages = await fetch(`http://127.0.0.1:${port}/api/ibexa/v2/languages`, { headers: { Accept: 'application/json' } });
      expect(languages.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await ended).toBe(0);
  });

  it('the bin script loads the compiled command line', async () => {
    const bin = await readFile(fileURLToPath(new URL('../../bin/contentrepo.js', import.meta.url)), 'utf8');
    const manifest = JSON.parse(await readFile(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as { bin: Record<string, string> };
    expect(manifest.bin).toEqual({ contentrepo: './bin/contentrepo.js' });
    expect(bin.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(bin).toContain("new URL('../dist/cli/cli-main.js', import.meta.url)");
  });
});
