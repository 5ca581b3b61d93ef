import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { dropTestSchema, TEST_DATABASE_URL_VARIABLE, testDatabaseUrl, whileNoTestSchemaIsDropped } from '@contentrepo/persistence/testing';
import { parse } from 'yaml';
import { bundleServer, DEFAULT_BUNDLE_FILE } from '../../src/production-bundle.js';
import { execForm, finalStage, instructionsOf, readDockerfile, REPOSITORY_ROOT, stageEnvironment } from './dockerfile-model.js';

/**
 * The image's start, run on this machine (no image can be built here): the runtime stage's files are laid out in a
 * temporary folder as its `COPY --from=build` instructions lay them out in the image (node_modules as a link to the
 * repository's, which also holds the development dependencies), and the image's `CMD` runs there with the image's
 * `ENV`, except what cannot be the same outside a container: `DATA_DIR` (a temporary folder instead of the volume
 * `/data`), `HOST` (127.0.0.1: nothing but the loopback interface is used here) and `PORT` (0, a free port). The
 * server must become ready, its health checks (the image's and compose.yaml's) must pass, and `SIGTERM` must stop
 * it with exit code 0. The command and the environment are read from the Dockerfile and compose.yaml, so they
 * cannot drift apart from what is tested.
 *
 * Twice: the image alone (SQLite in `DATA_DIR`), and a node of compose.yaml (its environment, on the test
 * PostgreSQL server in a fresh schema instead of the `postgres` service).
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

/**
 * The environment compose.yaml gives its first server node, with Compose's interpolation done: `${NAME:-default}`
 * takes `values[NAME]` or the default, `${NAME:?message}` takes `values[NAME]`.
 *
 * @throws Error when a required variable is not in `values`.
 */
function composeNodeEnvironment(values: Readonly<Record<string, string>>): Record<string, string> {
  const compose = parse(readFileSync(`${REPOSITORY_ROOT}compose.yaml`, 'utf8')) as { services: Record<string, { environment?: Record<string, string> }> };
  const environment = compose.services['server-1']?.environment ?? {};
  return Object.fromEntries(
    Object.entries(environment).map(([name, value]) => [
      name,
      value.replace(/\$\{([A-Z_]+)(?::-([^}]*)|:\?([^}]*))\}/g, (_whole, variable: string, fallback: string | undefined, message: string | undefined) => {
        const given = values[variable];
        if (given !== undefined) return given;
        if (fallback !== undefined) return fallback;
        throw new Error(`compose.yaml requires ${variable}: ${message ?? ''}`);
      }),
    ]),
  );
}

/** The runtime stage's files laid out in `app` as its COPY instructions do (node_modules linked, not copied). */
async function layOutRuntimeFiles(app: string): Promise<void> {
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
}

/** A server started with the image's command (see {@link startImage}). */
interface StartedImage {
  readonly child: ChildProcess;
  readonly port: number;
  /** The folder laid out as the image's WORKDIR. */
  readonly app: string;
  /** The environment it runs with. */
  readonly env: NodeJS.ProcessEnv;
  /** Every line it wrote to stdout so far. */
  readonly logLines: string[];
}

/** Starts the image's `CMD` in `app` with the image's `ENV`, then `extraEnv`, then the overrides for this machine. */
async function startImage(app: string, dataDir: string, extraEnv: Readonly<Record<string, string>>): Promise<StartedImage> {
  const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'], ...stageEnvironment(runtime), ...extraEnv, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0' };
  const [file, args] = executable(command);
  const child = spawn(file, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const logLines: string[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
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
    return { child, port, app, env, logLines };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/** The checks every start of the image passes, on `driver`. */
function itServesAndStops(started: () => StartedImage, driver: 'sqlite' | 'postgresql'): void {
  const url = (path: string): string => `http://127.0.0.1:${started().port}${path}`;

  it(`becomes ready: /readyz answers 200 on ${driver}, and /healthz 200`, async () => {
    const ready = await fetch(url('/readyz'));
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', driver });
    expect((await fetch(url('/healthz'))).status).toBe(200);
  });

  it('serves the API, the content browser and the pages from the files the image copies', async () => {
    expect((await fetch(url('/api/ibexa/v2/'), { headers: { Accept: 'application/json' } })).status).toBe(200);
    const admin = await fetch(url('/admin/'));
    expect(admin.status).toBe(200);
    expect(await admin.text()).toMatch(/<script[^>]+src=/);
    expect((await fetch(url('/web-assets/pages.css'))).status).toBe(200);
  });

  it("passes the image's health check (/healthz) and compose.yaml's (/readyz), run as they run in the container", async () => {
    const { app, env, port } = started();
    expect(healthcheck).toEqual(['node', 'deploy/healthcheck.mjs', '/healthz']);
    expect(await runToEnd(healthcheck, app, { ...env, PORT: String(port) })).toBe(0);
    expect(await runToEnd([...healthcheck.slice(0, -1), '/readyz'], app, { ...env, PORT: String(port) })).toBe(0);
  });

  it('logs JSON lines only', () => {
    const { logLines } = started();
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });

  it('stops on SIGTERM with exit code 0, after which the health check fails', async () => {
    const { child, app, env, port } = started();
    child.kill('SIGTERM');
    expect(await exitOf(child, STOP_TIMEOUT_MS)).toBe(0);
    expect(await runToEnd(healthcheck, app, { ...env, PORT: String(port) })).toBe(1);
  });
}

let root = '';

beforeAll(async () => {
  // The bundle `pnpm build` writes (the image's build stage runs it), from the current sources.
  await bundleServer(DEFAULT_BUNDLE_FILE, { minify: true });
  root = await mkdtemp(join(tmpdir(), 'contentrepo-image-'));
  await layOutRuntimeFiles(join(root, 'app'));
}, 60_000);

afterAll(async () => {
  if (root !== '') await rm(root, { recursive: true, force: true });
});

describe(`the image's start command (${command.join(' ')}) with the image's environment, alone: SQLite in DATA_DIR`, () => {
  let started: StartedImage | null = null;
  const dataDir = (): string => join(root, 'data-sqlite');

  beforeAll(async () => {
    started = await startImage(join(root, 'app'), dataDir(), {});
  }, STARTUP_TIMEOUT_MS + 10_000);

  afterAll(async () => {
    if (started && started.child.exitCode === null) {
      started.child.kill('SIGKILL');
      await exitOf(started.child, 5000);
    }
  });

  const current = (): StartedImage => {
    if (!started) throw new Error('The server did not start');
    return started;
  };
  itServesAndStops(current, 'sqlite');

  it('kept its database in DATA_DIR', () => {
    expect(existsSync(join(dataDir(), 'contentrepo.sqlite'))).toBe(true);
  });
});

const databaseUrl = testDatabaseUrl();
const composeTitle = `the image's start command as a node of compose.yaml (its environment, STORAGE=database) on PostgreSQL`;

(databaseUrl === undefined ? describe.skip : describe)(
  databaseUrl === undefined ? `${composeTitle} (skipped: ${TEST_DATABASE_URL_VARIABLE} is not set)` : composeTitle,
  () => {
    const schema = `img_${randomBytes(6).toString('hex')}`;
    let started: StartedImage | null = null;

    beforeAll(async () => {
      const env = composeNodeEnvironment({ JWT_SECRET: randomBytes(32).toString('hex'), POSTGRES_PASSWORD: 'unused' });
      expect(env['STORAGE']).toBe('database');
      // The test server instead of the `postgres` service, in a schema of its own.
      const overrides = { DATABASE_URL: databaseUrl ?? '', DATABASE_SCHEMA: schema };
      // The first start migrates the fresh schema: not while another test drops its schema (see whileNoTestSchemaIsDropped).
      started = await whileNoTestSchemaIsDropped(databaseUrl, () => startImage(join(root, 'app'), join(root, 'data-postgresql'), { ...env, ...overrides }));
    }, STARTUP_TIMEOUT_MS + 10_000);

    afterAll(async () => {
      if (started && started.child.exitCode === null) {
        started.child.kill('SIGKILL');
        await exitOf(started.child, 5000);
      }
      if (databaseUrl !== undefined) await dropTestSchema(databaseUrl, schema);
    });

    itServesAndStops(() => {
      if (!started) throw new Error('The server did not start');
      return started;
    }, 'postgresql');
  },
);
