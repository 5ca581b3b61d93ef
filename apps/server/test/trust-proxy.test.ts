import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { createApp, type App } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/server-config.js';
import { call } from './support/rest-session.js';

const MAX_PER_ADDRESS = 3;

/**
 * A server whose failed logins are throttled after {@link MAX_PER_ADDRESS} per client address, with `TRUST_PROXY`
 * set to `trustProxy` (unset = the default); test requests come from loopback, with forged `X-Forwarded-For`.
 */
function throttledServer(trustProxy: string | undefined) {
  let app: App;
  let dataDir = '';
  const logLines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-trust-proxy-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOGIN_MAX_FAILURES: '10',
      LOGIN_MAX_FAILURES_PER_ADDRESS: String(MAX_PER_ADDRESS),
      ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
    });
    const sink = { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) };
    app = await createApp(config, { logger: pino({ level: 'warn' }, sink) });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const login = (name: string, password: string, forwardedFor: string) =>
    call(app.express, null, {
      method: 'POST',
      path: '/user/sessions',
      input: 'SessionInput',
      accept: 'Session',
      headers: { 'X-Forwarded-For': forwardedFor },
      body: { SessionInput: { login: name, password } },
    });
  /** Failed logins of different names, each from another forged address; then the right admin login from yet another. */
  const forgedRound = async (): Promise<{ failedFrom: unknown[]; final: number }> => {
    logLines.length = 0;
    for (let attempt = 1; attempt <= MAX_PER_ADDRESS; attempt++) {
      expect((await login(`nobody-${attempt}`, 'wrong', `198.51.100.${attempt}`)).status).toBe(401);
    }
    const failedFrom = logLines.filter((line) => line['msg'] === 'Failed login').map((line) => line['address']);
    return { failedFrom, final: (await login('admin', 'publish', '198.51.100.99')).status };
  };
  return { forgedRound };
}

describe('TRUST_PROXY=false: X-Forwarded-For is ignored, the connection address is the client', () => {
  const server = throttledServer('false');
  it('counts failed logins with forged addresses against the socket address, which is then throttled', async () => {
    const { failedFrom, final } = await server.forgedRound();
    expect(failedFrom).toHaveLength(MAX_PER_ADDRESS);
    for (const address of failedFrom) expect(address).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
    expect(final).toBe(429);
  });
});

describe('TRUST_PROXY unset (loopback): X-Forwarded-For from a local proxy is honoured', () => {
  const server = throttledServer(undefined);
  it('counts each forwarded address on its own, so none reaches the limit', async () => {
    const { failedFrom, final } = await server.forgedRound();
    expect(failedFrom).toEqual(['198.51.100.1', '198.51.100.2', '198.51.100.3']);
    expect(final).toBe(201);
  });
});

describe('TRUST_PROXY naming other proxies than the connection (a subnet the test client is not in)', () => {
  const server = throttledServer('10.0.0.0/8, 192.0.2.7');
  it('ignores X-Forwarded-For from loopback', async () => {
    expect((await server.forgedRound()).final).toBe(429);
  });
});

describe('TRUST_PROXY configuration', () => {
  it('defaults to loopback and reads false, hops and lists of addresses, subnets and range names', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'Loopback, 10.0.0.0/8,192.0.2.7, fd00::/8, ::1, uniquelocal' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
      '::1',
      'uniquelocal',
    ]);
  });

  it.each(['true', 'yes', '101', '-1', '1.5', 'localhost', '10.0.0.0/33', 'fd00::/129', '10.0.0.0/8/1', '10.0.0/8', 'loopback, proxy.example.com', '10.0.0.0/x'])(
    'refuses %s with a ConfigError naming TRUST_PROXY',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );
});
