import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bundleServer } from '../support/server-bundle.js';
import { sampleValue } from './prometheus-text.js';

/** Longest start, from spawning to the primary's `contentrepo listening` line (ms). */
const START_TIMEOUT_MS = 90_000;
const TOKEN = 'cluster-scrape-token-0123456789';
const CONTENT_ROUTE = '/api/ibexa/v2/content/objects/{contentId:id}';
const READS = 10;

let child: ChildProcess | undefined;
let exited: Promise<{ code: number | null; signal: string | null }> = Promise.resolve({ code: null, signal: null });
let dataDir = '';
let port = 0;
/** Every line the processes wrote, standard output and error, as written. */
const rawLines: string[] = [];

const parsed = (): Record<string, unknown>[] => rawLines.map((line) => JSON.parse(line) as Record<string, unknown>);
const logged = (msg: string): Record<string, unknown>[] => parsed().filter((line) => line['msg'] === msg);

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

/** A GET on a connection of its own (the primary hands new connections to the workers in turn); 15 s bound. */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false, headers, timeout: 15_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${path} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

function collect(stream: NodeJS.ReadableStream | null): void {
  let pending = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    const parts = (pending + chunk).split('\n');
    pending = parts.pop() ?? '';
    rawLines.push(...parts.filter((line) => line !== ''));
  });
}

describe('the server process with WORKERS=2, settings from .env, metrics on', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-observed-'));
    const main = join(dataDir, 'contentrepo-server.mjs');
    await bundleServer(main);
    // The token comes from the file; PORT from the real environment, which wins over the file's.
    await writeFile(join(dataDir, '.env'), `# settings of this test\nMETRICS_TOKEN=${TOKEN}\nPORT=1\nLOG_LEVEL=info\n`);
    child = spawn(process.execPath, ['--enable-source-maps', main], {
      cwd: dataDir,
      env: { PATH: process.env['PATH'] ?? '', WORKERS: '2', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const spawned = child;
    exited = new Promise((resolve) => spawned.once('exit', (code, signal) => resolve({ code, signal })));
    collect(spawned.stdout);
    collect(spawned.stderr);
    const listening = () => rawLines.some((line) => line.includes('"contentrepo listening"'));
    const up = await until(() => listening() || spawned.exitCode !== null, START_TIMEOUT_MS);
    if (!up || !listening()) throw new Error(`the server did not start:\n${rawLines.slice(-20).join('\n')}`);
    port = Number(logged('contentrepo listening')[0]?.['port']);
  }, START_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await Promise.race([exited, sleep(10_000, null, { ref: false })]);
    }
    await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('scrapes the requests of both workers summed, with the token from .env', async () => {
    await until(() => logged('Worker listening').length >= 2, 5000);
    expect(logged('Worker listening')).toHaveLength(2);
    expect((await get('/metrics')).status).toBe(401);
    const scrape = async (): Promise<string> => {
      const answer = await get('/metrics', { Authorization: `Bearer ${TOKEN}` });
      expect(answer.status).toBe(200);
      return answer.text;
    };
    const count = (text: string): number => sampleValue(text, 'http_requests_total', { method: 'GET', route: CONTENT_ROUTE, status: '200' }) ?? 0;
    const before = count(await scrape());
    for (let index = 0; index < READS; index += 1) {
      expect((await get('/api/ibexa/v2/content/objects/1', { Accept: 'application/vnd.ibexa.api.Content+json', 'X-Request-Id': `read-${index}` })).status).toBe(200);
    }
    // Both workers served some of the reads; the scrape (answered by either) counts them all.
    expect(await until(() => new Set(parsed().filter((line) => String(line['reqId']).startsWith('read-')).map((line) => line['pid'])).size === 2, 2000)).toBe(true);
    const after = await scrape();
    expect(count(after) - before).toBe(READS);
    // The database gauges are one worker's answer, not a sum.
    expect(sampleValue(after, 'outbox_unnumbered_events')).toBe(0);
  }, 60_000);

  it('writes every line as JSON, from start to shutdown, primary and workers alike', async () => {
    child?.kill('SIGTERM');
    const stopped = await Promise.race([exited, sleep(30_000, null, { ref: false })]);
    expect(stopped).toEqual({ code: 0, signal: null });
    expect(rawLines.length).toBeGreaterThan(10);
    const notJson = rawLines.filter((line) => {
      try {
        return typeof JSON.parse(line) !== 'object';
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
    expect(logged('Shutting down').length).toBeGreaterThanOrEqual(1);
    expect(logged('Every worker stopped')).toHaveLength(1);
    const reads = logged('request').filter((line) => String(line['reqId']).startsWith('read-'));
    // Two processes write to one pipe: their lines may interleave in any order.
    expect(reads.map((line) => String(line['reqId'])).sort()).toEqual(Array.from({ length: READS }, (_, index) => `read-${index}`).sort());
    expect(reads.every((line) => line['route'] === CONTENT_ROUTE && line['userId'] === 10)).toBe(true);
  }, 60_000);
});
