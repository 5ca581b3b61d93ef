import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { dropTestSchema, rawConnection, type Row, whileNoTestSchemaIsDropped } from '@contentrepo/persistence/testing';
import { NodeClient } from './multi-node-client.js';
import { bundleServer } from './server-bundle.js';

/** Longest a start may take, from spawning to the `contentrepo listening` line (ms). */
export const START_TIMEOUT_MS = 60_000;
/** Longest a node may take to stop after SIGTERM before it is killed (ms). */
const STOP_TIMEOUT_MS = 5_000;
/** Lines of error output kept per process (for failure messages). */
const KEPT_LINES = 200;

/** What happened to one process of the simultaneous first start. */
export interface StartOutcome {
  readonly name: string;
  /** Whether it logged `contentrepo listening`. */
  readonly up: boolean;
  /** Whether it logged that it installed the clean repository. */
  readonly installed: boolean;
  /** Exit code or signal when it ended instead, `timeout` when it did neither within the start timeout. */
  readonly ended?: string;
  /** Its stderr, non-JSON output and error log lines, for the failure message. */
  readonly errorOutput: string;
}

/** Options of {@link Cluster}. */
export interface ClusterOptions {
  /** How many server processes (default 3). */
  readonly count?: number;
  /** PostgreSQL URL (a fresh schema `mn_<random>` is used and dropped); undefined = SQLite in each node's `DATA_DIR`. */
  readonly databaseUrl?: string | undefined;
  /** Extra environment of every node (e.g. `LANGUAGES`). */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * One server process and what its output said: the port of its `contentrepo listening` line, whether it installed
 * the clean repository, and its error output (stderr, non-JSON lines and error log lines) for failure messages.
 */
export class ServerProcess {
  readonly errorLines: string[] = [];
  port: number | null = null;
  installed = false;
  readonly exited: Promise<string>;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? `exit code ${String(code)}`)));
    let pending = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (pending + chunk).split('\n');
      pending = parts.pop() ?? '';
      for (const line of parts) this.onLine(line);
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => this.keepError(chunk));
  }

  private onLine(line: string): void {
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      this.keepError(line);
      return;
    }
    if (typeof entry !== 'object' || entry === null) return;
    const message = Reflect.get(entry, 'msg');
    const level = Reflect.get(entry, 'level');
    if (typeof level === 'number' && level >= 50) this.keepError(line);
    if (typeof message === 'string' && message.startsWith('Installed the clean repository')) this.installed = true;
    const port = Reflect.get(entry, 'port');
    if (message === 'contentrepo listening' && typeof port === 'number') this.port = port;
  }

  private keepError(line: string): void {
    this.errorLines.push(line);
    if (this.errorLines.length > KEPT_LINES) this.errorLines.splice(0, this.errorLines.length - KEPT_LINES);
  }

  /** Resolves when the process listens or ends, or the timeout passes: undefined when up, else why not. */
  async started(timeoutMs: number): Promise<string | undefined> {
    const deadline = Date.now() + timeoutMs;
    let ended: string | undefined;
    void this.exited.then((reason) => (ended = reason));
    while (this.port === null && ended === undefined && Date.now() < deadline) await sleep(20);
    if (this.port !== null) return undefined;
    return ended ?? 'timeout';
  }

  /** SIGKILL: no shutdown of any kind (a crash); resolves once it ended. */
  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM, then SIGKILL when it has not ended within the stop timeout. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    if ((await within(this.exited, STOP_TIMEOUT_MS)) === undefined) {
      this.child.kill('SIGKILL');
      await within(this.exited, STOP_TIMEOUT_MS);
    }
  }
}

/** `promise`'s value, or undefined when it has not settled within `ms` (the timer is cleared either way). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** Processes still running, killed when the test process exits whatever happened (last resort after `stop()`). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Real server processes (`src/main.ts`, bundled by {@link bundleServer}, under Node), each with a data directory of
 * its own, on PostgreSQL in a fresh schema of the test server (or on SQLite: one process makes sense then).
 * {@link start} spawns all of them at the same moment (`PORT=0`, loopback, the same `JWT_SECRET`, Basic
 * authentication on), waits for each one's `contentrepo listening` line (bounded by {@link START_TIMEOUT_MS}) and
 * records what the simultaneous start did ({@link firstStart}); the processes that did not come up are then started
 * once more, on the database the others prepared, so that the other tests still get every node. {@link stop} kills every
 * process, drops the schema and removes the data directories, whatever state the start reached: call it in afterAll.
 */
export class Cluster {
  /** The schema of the PostgreSQL run (undefined on SQLite). */
  readonly schema: string | undefined;
  /** The shared `JWT_SECRET` of the nodes. */
  readonly jwtSecret = randomBytes(24).toString('hex');
  private readonly processes: ServerProcess[] = [];
  private readonly dataDirs: string[] = [];
  /** The bundled server (see {@link bundleServer}), in a temporary directory of its own. */
  private main = '';
  private outcomes: StartOutcome[] = [];
  private sql: ReturnType<typeof rawConnection> | undefined;
  private schemaUsed = false;

  constructor(private readonly options: ClusterOptions = {}) {
    this.schema = options.databaseUrl === undefined ? undefined : `mn_${randomBytes(6).toString('hex')}`;
  }

  /** One client per running node, in start order (`node 1` first). */
  get nodes(): NodeClient[] {
    return this.processes.map((process) => {
      if (process.port === null) throw new Error(`${process.name} is not running`);
      return new NodeClient(process.name, `http://127.0.0.1:${process.port}`);
    });
  }

  /** What each process of the simultaneous first start did. */
  get firstStart(): readonly StartOutcome[] {
    return this.outcomes;
  }

  /**
   * Starts every node at once (see the class). Resolves once all of them listen; rejects when one cannot be started
   * even alone (its output in the message).
   */
  async start(): Promise<void> {
    const count = this.options.count ?? 3;
    this.main = join(await this.newDataDir(), 'contentrepo-server.mjs');
    await bundleServer(this.main);
    const { databaseUrl } = this.options;
    if (databaseUrl !== undefined) this.schemaUsed = true;
    // Other test files drop their PostgreSQL schemas when they end; while a schema is dropped, the migrations of
    // another schema can fail (see whileNoTestSchemaIsDropped). The nodes migrate while they start.
    await whileNoTestSchemaIsDropped(databaseUrl, async () => {
      const dataDirs: string[] = [];
      for (let index = 0; index < count; index += 1) dataDirs.push(await this.newDataDir());
      const first = dataDirs.map((dataDir, index) => this.spawnNode(`node ${index + 1}`, dataDir));
      this.processes.push(...first);
      const results = await Promise.all(first.map((node) => node.started(START_TIMEOUT_MS)));
      this.outcomes = first.map((node, index) => ({
        name: node.name,
        up: results[index] === undefined,
        installed: node.installed,
        ...(results[index] === undefined ? {} : { ended: results[index] }),
        errorOutput: node.errorLines.join('\n'),
      }));
      // The nodes that did not come up start again, together, on the database the others prepared.
      const failed = first.filter((_, index) => results[index] !== undefined);
      await Promise.all(failed.map((node) => node.stop()));
      const again = failed.map((node) => {
        const index = first.indexOf(node);
        const restarted = this.spawnNode(node.name, dataDirs[index] ?? '');
        this.processes[index] = restarted;
        return restarted;
      });
      const reasons = await Promise.all(again.map((node) => node.started(START_TIMEOUT_MS)));
      for (const [index, reason] of reasons.entries()) {
        const node = again[index];
        if (reason !== undefined && node) throw new Error(`${node.name} did not start (${reason}):\n${node.errorLines.join('\n')}`);
      }
    });
  }

  /** Raw SQL on the nodes' PostgreSQL schema (`?` placeholders), on a connection of the test's own. */
  async query(sql: string, bindings: readonly (string | number)[] = []): Promise<Row[]> {
    const { databaseUrl } = this.options;
    if (databaseUrl === undefined) throw new Error('query() needs PostgreSQL');
    this.sql ??= rawConnection({ databaseUrl, dataDir: tmpdir(), schema: this.schema });
    return this.sql.query(sql, bindings);
  }

  /** Stops every process, closes the SQL connection, drops the schema and removes the data directories. */
  async stop(): Promise<void> {
    try {
      await Promise.all(this.processes.map((node) => node.stop()));
      await this.sql?.close();
    } finally {
      if (this.schemaUsed && this.options.databaseUrl !== undefined && this.schema !== undefined) await dropTestSchema(this.options.databaseUrl, this.schema);
      await Promise.all(this.dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    }
  }

  private async newDataDir(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'contentrepo-node-'));
    this.dataDirs.push(dir);
    return dir;
  }

  private spawnNode(name: string, dataDir: string): ServerProcess {
    const env: Record<string, string> = {
      PATH: process.env['PATH'] ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: this.jwtSecret,
      AUTH_BASIC: 'true',
      LOG_LEVEL: 'info',
      ...(this.options.databaseUrl === undefined ? {} : { DATABASE_URL: this.options.databaseUrl, DATABASE_SCHEMA: this.schema ?? '' }),
      ...this.options.env,
    };
    const child = spawn(process.execPath, ['--enable-source-maps', this.main], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    child.once('exit', () => running.delete(child));
    return new ServerProcess(name, child);
  }
}
