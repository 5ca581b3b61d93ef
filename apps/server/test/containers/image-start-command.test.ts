import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { bundleServer, DEFAULT_BUNDLE_FILE } from '../../src/production-bundle.js';
import { execForm, finalStage, instructionsOf, readDockerfile, REPOSITORY_ROOT, stageEnvironment } from './dockerfile-model.js';

/**
 * The image's start, run on this machine (no image can be built here): the runtime stage's files are laid out in a
 * temporary folder as its `COPY --from=build` instructions lay them out in the image (node_modules as a link to the
 * repository's, which also holds the development dependencies), and the image's `CMD` runs there with the image's
 * `ENV`, except what cannot be the same outside a container: `DATA_DIR` (a temporary folder instead of the volume
 * `/data`), `HOST` (127.0.0.1: nothing but the loopback interface is used here) and `PORT` (0, a free port). The
 * server must become ready, its health checks (the image's and compose.yaml's) must pass, and `SIGTERM` must stop
 * it with exit code 0. The command and the environment are read from the Dockerfile, so they cannot drift apart.
 */

const STARTUP_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

const dockerfile = readDockerfile();
const runtime = finalStage(dockerfile);
const [cmdInstruction] = instructionsOf(runtime, 'CMD');
const [healthcheckInstruction] = instructionsOf(runtime, 'HEALTHCHECK');
const command = cmdInstruction ? execForm(cmdInstruction) : [];
const healthcheck = healthcheckInstruction ? execForm(healthcheckInstruction) : [];
const workdir = instructionsOf(runtime, 'WORKDIR').at(-1)?.args ?? '/';

/** The words of a command as Node runs them: `node` is this Node (the image's is its only one). */
const executable = (words: readonly string[]): [string, string[]] => [words[0] === 'node' ? process.execPath : (words[0] ?? ''), words.slice(1)];

/** Runs a command to its end (at most 10 s) in `cwd`: its exit code. */
function runToEnd(words: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number | null> {
  const [file, args] = executable(words);
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd, env, stdio: 'ignore', timeout: 10_000 });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
}

/** Waits (bounded) for a process to exit: its exit code, or null when it did not exit in time. */
function exitOf(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

describe(`the image's start command (${command.join(' ')}) with the image's environment`, () => {
  let root = '';
  let dataDir = '';
  let server: ChildProcess | null = null;
  let port = 0;
  const logLines: string[] = [];
  let env: NodeJS.ProcessEnv = {};

  beforeAll(async () => {
    // The bundle `pnpm build` writes (the image's build stage runs it), from the current sources.
    await bundleServer(DEFAULT_BUNDLE_FILE, { minify: true });
    root = await mkdtemp(join(tmpdir(), 'contentrepo-image-'));
    dataDir = join(root, 'data');
    const app = join(root, 'app');
    for (const copy of instructionsOf(runtime, 'COPY')) {
      const [source = '', destination = ''] = copy.args.split(' ');
      if (!source.startsWith(`${workdir}/`)) throw new Error(`COPY on line ${copy.line} copies ${source}, outside ${workdir}`);
      const from = join(REPOSITORY_ROOT, relative(workdir, source));
      if (!existsSync(from)) throw new Error(`COPY on line ${copy.line}: ${relative(REPOSITORY_ROOT, from)} is missing; run \`npx -y pnpm@10 build\` first`);
      const to = join(app, destination);
      await mkdir(dirname(to), { recursive: true });
      if (source === `${workdir}/node_modules`) await symlink(from, to, 'dir');
      else await cp(from, to, { recursive: true });
    }
    env = { PATH: process.env['PATH'], ...stageEnvironment(runtime), DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0' };
    const [file, args] = executable(command);
    const child = spawn(file, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server = child;
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`No 'contentrepo listening' line within ${STARTUP_TIMEOUT_MS} ms; stderr: ${stderr}`)), STARTUP_TIMEOUT_MS);
      child.once('exit', (code) => reject(new Error(`The server exited with ${code} before listening; stderr: ${stderr}`)));
      createInterface({ input: child.stdout ?? process.stdin }).on('line', (line) => {
        logLines.push(line);
        const entry = JSON.parse(line) as { msg?: string; port?: number };
        if (entry.msg === 'contentrepo listening' && typeof entry.port === 'number') {
          clearTimeout(timer);
          resolve(entry.port);
        }
      });
    });
  }, STARTUP_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGKILL');
      await exitOf(server, 5000);
    }
    if (root !== '') await rm(root, { recursive: true, force: true });
  });

  it('becomes ready: /readyz answers 200 on SQLite in DATA_DIR, and /healthz 200', async () => {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', driver: 'sqlite' });
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect(existsSync(join(dataDir, 'contentrepo.sqlite'))).toBe(true);
  });

  it('serves the API, the content browser and the pages from the files the image copies', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/api/ibexa/v2/`, { headers: { Accept: 'application/json' } })).status).toBe(200);
    const admin = await fetch(`http://127.0.0.1:${port}/admin/`);
    expect(admin.status).toBe(200);
    expect(await admin.text()).toMatch(/<script[^>]+src=/);
    expect((await fetch(`http://127.0.0.1:${port}/web-assets/pages.css`)).status).toBe(200);
  });

  it("passes the image's health check (/healthz) and compose.yaml's (/readyz), run as they run in the container", async () => {
    const app = join(root, 'app');
    expect(healthcheck).toEqual(['node', 'deploy/healthcheck.mjs', '/healthz']);
    expect(await runToEnd(healthcheck, app, { ...env, PORT: String(port) })).toBe(0);
    expect(await runToEnd([...healthcheck.slice(0, -1), '/readyz'], app, { ...env, PORT: String(port) })).toBe(0);
  });

  it('logs JSON lines only', () => {
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });

  it('stops on SIGTERM with exit code 0, after which the health check fails', async () => {
    server?.kill('SIGTERM');
    expect(server && (await exitOf(server, STOP_TIMEOUT_MS))).toBe(0);
    expect(await runToEnd(healthcheck, join(root, 'app'), { ...env, PORT: String(port) })).toBe(1);
  });
});
