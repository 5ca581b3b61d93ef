import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bundleServer } from './support/server-bundle.js';

/** REST prefix. */
const API = '/api/ibexa/v2';
/** Longest start, from spawning to the primary's `contentrepo listening` line (ms). */
const START_TIMEOUT_MS = 90_000;
/** Failed logins allowed per login and address in this test's server. */
const MAX_FAILURES = 3;
/** A change made through one worker must be seen through the other this soon after the write was answered (ms). */
const LIMIT_MS = 100;
const ADMIN = `Basic ${Buffer.from('admin:publish').toString('base64')}`;

/** A JSON log line of the server (pino). */
type LogLine = Record<string, unknown>;

/** An answer: status, headers, text and parsed JSON body (JSON answers only). */
interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
  readonly body: ReturnType<typeof JSON.parse>;
}

let child: ChildProcess | undefined;
let exited: Promise<{ code: number | null; signal: string | null }> = Promise.resolve({ code: null, signal: null });
let dataDir = '';
let port = 0;
const lines: LogLine[] = [];

/** Every log line with message `msg` so far. */
const logged = (msg: string): LogLine[] => lines.filter((line) => line['msg'] === msg);

/** Waits (20 ms steps, bounded) until `condition` holds; false when it did not within `timeoutMs`. */
async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

/**
 * One REST request on a connection of its own (`agent: false`, closed after the answer): the primary hands new
 * connections to the workers in turn, so consecutive requests alternate between them. With a keep-alive `agent` of
 * one socket, the requests stay with one worker. Loopback only, 15 s bound.
 */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: unknown, agent: Agent | false = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path: `${API}${path}`, agent, headers: { Accept: 'application/json', ...headers }, timeout: 15_000 },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const type = String(res.headers['content-type'] ?? '');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: type.includes('json') && text !== '' ? JSON.parse(text) : undefined });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

const vnd = (name: string): string => `application/vnd.ibexa.api.${name}+json`;

/** Pids of the processes that logged the requests whose url ends with `marker`. */
const pidsServing = (marker: string): Set<unknown> =>
  new Set(logged('request').filter((line) => String(line['url']).endsWith(marker)).map((line) => line['pid']));

/** A published folder with a draft (version 2) to write to; answers its id. */
async function folderWithDraft(name: string): Promise<number> {
  const created = await send('POST', '/content/objects', { Authorization: ADMIN, 'Content-Type': vnd('ContentCreate') }, {
    ContentCreate: {
      ContentType: { _href: `${API}/content/types/1` },
      mainLanguageCode: 'eng-GB',
      LocationCreate: { ParentLocation: { _href: `${API}/content/locations/1/2` }, sortField: 'PATH', sortOrder: 'ASC' },
      fields: { field: [{ fieldDefinitionIdentifier: 'name', fieldValue: name }] },
    },
  });
  expect(created.status).toBe(201);
  const id = Number(created.body.Content._id);
  expect((await send('POST', `/content/objects/${id}/versions/1`, { Authorization: ADMIN, 'X-HTTP-Method-Override': 'PUBLISH' })).status).toBe(204);
  expect((await send('POST', `/content/objects/${id}/versions/1`, { Authorization: ADMIN, 'X-HTTP-Method-Override': 'COPY' })).status).toBe(201);
  return id;
}

const fieldOf = (version: Answer, field: string): unknown =>
  (version.body.Version.Fields.field as { fieldDefinitionIdentifier: string; fieldValue: unknown }[]).find((candidate) => candidate.fieldDefinitionIdentifier === field)
    ?.fieldValue;

const patchField = (id: number, field: string, value: string, headers: Record<string, string> = {}): Promise<Answer> =>
  send('PATCH', `/content/objects/${id}/versions/2`, { Authorization: ADMIN, 'Content-Type': vnd('VersionUpdate'), ...headers }, {
    VersionUpdate: { fields: { field: [{ fieldDefinitionIdentifier: field, fieldValue: value }] } },
  });

describe('WORKERS=2 on SQLite: two worker processes behind one port', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-workers-'));
    const main = join(dataDir, 'contentrepo-server.mjs');
    await bundleServer(main);
    child = spawn(process.execPath, ['--enable-source-maps', main], {
      env: {
        PATH: process.env['PATH'] ?? '',
        WORKERS: '2',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        AUTH_BASIC: 'true',
        LOG_LEVEL: 'info',
        LOGIN_MAX_FAILURES: String(MAX_FAILURES),
        LOGIN_BLOCK_SECONDS: '60',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const spawned = child;
    exited = new Promise((resolve) => spawned.once('exit', (code, signal) => resolve({ code, signal })));
    let pending = '';
    spawned.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (pending + chunk).split('\n');
      pending = parts.pop() ?? '';
      for (const line of parts) {
        try {
          lines.push(JSON.parse(line) as LogLine);
        } catch {
          lines.push({ msg: 'unparsed', line });
        }
      }
    });
    let errors = '';
    spawned.stderr?.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    const up = await until(() => logged('contentrepo listening').length > 0 || spawned.exitCode !== null, START_TIMEOUT_MS);
    const [listening] = logged('contentrepo listening');
    if (!up || !listening) throw new Error(`the server did not start:\n${errors}\n${JSON.stringify(lines.slice(-20))}`);
    port = Number(listening['port']);
  }, START_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited, sleep(20_000, null, { ref: false })]);
      if (stopped === null) child.kill('SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('the primary reports the one port both workers listen on, with PORT=0, and serves no request itself', async () => {
    // Each process writes its own lines to the shared stdout: a worker's line may arrive after the primary's.
    await until(() => logged('Worker listening').length >= 2, 5000);
    const primary = logged('contentrepo listening');
    expect(primary).toHaveLength(1);
    expect(primary[0]).toMatchObject({ workers: 2, driver: 'sqlite' });
    const workers = logged('Worker listening');
    expect(workers.map((line) => line['port'])).toEqual([port, port]);
    expect(new Set(workers.map((line) => line['pid'])).size).toBe(2);
    expect(workers.map((line) => line['pid'])).not.toContain(primary[0]?.['pid']);
    // The database was prepared once, by the primary.
    expect(logged('Installed the clean repository (admin user: admin)').map((line) => line['pid'])).toEqual([primary[0]?.['pid']]);
  });

  it('answers through both workers', async () => {
    for (let index = 0; index < 10; index += 1) expect((await send('GET', '/content/objects/1?both-workers')).status).toBe(200);
    expect(await until(() => pidsServing('?both-workers').size === 2, 2000)).toBe(true);
    const workerPids = logged('Worker listening').map((line) => line['pid']);
    expect([...pidsServing('?both-workers')].sort()).toEqual([...workerPids].sort());
  });

  it(`a write through one worker is read through both within ${LIMIT_MS} ms of its answer`, async () => {
    const id = await folderWithDraft('Coherent');
    // Both workers have read the draft.
    for (let index = 0; index < 4; index += 1) expect(fieldOf(await send('GET', `/content/objects/${id}/versions/2`, { Authorization: ADMIN }), 'name')).toBe('Coherent');
    expect((await patchField(id, 'name', 'Changed')).status).toBe(200);
    const answered = Date.now();
    const reads = await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        await sleep((index * LIMIT_MS) / 50);
        return fieldOf(await send('GET', `/content/objects/${id}/versions/2?coherent`, { Authorization: ADMIN }), 'name');
      }),
    );
    expect(reads).toEqual(Array.from({ length: 50 }, () => 'Changed'));
    expect(Date.now() - answered).toBeLessThan(10_000);
    expect(await until(() => pidsServing('?coherent').size === 2, 2000)).toBe(true);
  }, 60_000);

  it(`a logout through one worker is refused by the other within ${LIMIT_MS} ms (their session caches follow each other)`, async () => {
    const opened = await send('POST', '/user/sessions', { 'Content-Type': vnd('SessionInput'), Accept: vnd('Session') }, { SessionInput: { login: 'admin', password: 'publish' } });
    expect(opened.status).toBe(201);
    const session = opened.body.Session;
    const cookie = `${String(session.name)}=${String(session.identifier)}`;
    const asSession = { Cookie: cookie, 'X-CSRF-Token': String(session.csrfToken) };
    // Both workers have the session cached.
    for (let index = 0; index < 4; index += 1) expect((await send('GET', '/user/roles?cached-session', asSession)).status).toBe(200);
    expect(await until(() => pidsServing('?cached-session').size === 2, 2000)).toBe(true);
    expect((await send('DELETE', `/user/sessions/${String(session.identifier)}`, asSession)).status).toBe(204);
    await sleep(LIMIT_MS);
    const after = await Promise.all(Array.from({ length: 20 }, () => send('GET', '/user/roles?after-logout', asSession)));
    expect(after.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 401));
    expect(await until(() => pidsServing('?after-logout').size === 2, 2000)).toBe(true);
  }, 60_000);

  it('concurrent increments through both workers, each PATCH conditional on the tag it read, lose nothing', async () => {
    const id = await folderWithDraft('0');
    const CLIENTS = 4;
    const INCREMENTS = 5;
    let conflicts = 0;
    const client = async (): Promise<void> => {
      for (let done = 0; done < INCREMENTS; ) {
        const read = await send('GET', `/content/objects/${id}/versions/2`, { Authorization: ADMIN });
        const etag = String(read.headers['etag'] ?? '');
        const written = await patchField(id, 'name', String(Number(fieldOf(read, 'name')) + 1), { 'If-Match': etag });
        if (written.status === 200) done += 1;
        else if (written.status === 412) conflicts += 1;
        else throw new Error(`PATCH answered ${written.status}: ${written.text}`);
        if (conflicts > 500) throw new Error('too many conflicts');
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    const final = await send('GET', `/content/objects/${id}/versions/2`, { Authorization: ADMIN });
    expect(fieldOf(final, 'name')).toBe(String(CLIENTS * INCREMENTS));
    console.info(`workers test: ${CLIENTS * INCREMENTS} increments through two workers, ${conflicts} answered 412 and retried`);
  }, 120_000);

  it('counts failed logins across workers: the next login is refused by both with 429', async () => {
    const attempt = (password: string): Promise<Answer> =>
      send('POST', '/user/sessions?throttled', { 'Content-Type': vnd('SessionInput'), Accept: vnd('Session') }, { SessionInput: { login: 'editor-x', password } });
    for (let index = 0; index < MAX_FAILURES; index += 1) expect((await attempt('wrong')).status).toBe(401);
    const refused = [];
    for (let index = 0; index < 4; index += 1) refused.push(await attempt('also wrong'));
    expect(refused.map((answer) => answer.status)).toEqual([429, 429, 429, 429]);
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    expect(await until(() => pidsServing('?throttled').size === 2, 2000)).toBe(true);
  }, 60_000);

  it(`a role assigned through one worker applies on both within ${LIMIT_MS} ms (their permission caches follow each other)`, async () => {
    const anonymousRoles = (): Promise<Answer> => send('GET', '/user/roles?as-anonymous', { Accept: vnd('RoleList') });
    // Both workers have the anonymous user's permissions cached.
    for (let index = 0; index < 4; index += 1) expect((await anonymousRoles()).status).toBe(401);
    expect(await until(() => pidsServing('?as-anonymous').size === 2, 2000)).toBe(true);
    // Assigned through one worker (one kept-alive connection): the other one's cache is stale unless told.
    const oneWorker = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const assigned = await send('POST', '/user/users/10/roles', { Authorization: ADMIN, 'Content-Type': vnd('RoleAssignInput'), Accept: vnd('RoleAssignmentList') }, {
        RoleAssignInput: { Role: { _href: `${API}/user/roles/2` } },
      }, oneWorker);
      expect(assigned.status).toBe(200);
    } finally {
      oneWorker.destroy();
    }
    await sleep(LIMIT_MS);
    const after = [];
    for (let index = 0; index < 6; index += 1) after.push((await send('GET', '/user/roles?anonymous-after', { Accept: vnd('RoleList') })).status);
    expect(after).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await until(() => pidsServing('?anonymous-after').size === 2, 2000)).toBe(true);
  }, 60_000);

  it('starts another worker when one dies, and SIGTERM to the primary stops every process', async () => {
    const [first] = logged('Worker listening');
    const victim = Number(first?.['pid']);
    process.kill(victim, 'SIGKILL');
    expect(await until(() => logged('Worker ended; starting another').length === 1 && logged('Worker listening').length === 3, 60_000)).toBe(true);
    expect(logged('Worker ended; starting another')[0]).toMatchObject({ workerPid: victim, signal: 'SIGKILL' });
    for (let index = 0; index < 6; index += 1) expect((await send('GET', '/content/objects/1?after-restart')).status).toBe(200);
    expect(await until(() => pidsServing('?after-restart').size === 2, 2000)).toBe(true);
    expect(pidsServing('?after-restart').has(victim)).toBe(false);

    const workers = logged('Worker listening').map((line) => Number(line['pid'])).filter((pid) => pid !== victim);
    child?.kill('SIGTERM');
    const ended = await Promise.race([exited, sleep(20_000, null, { ref: false })]);
    expect(ended).toEqual({ code: 0, signal: null });
    for (const pid of workers) expect(alive(pid)).toBe(false);
  }, 120_000);
});

/** Whether a process with this pid exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
