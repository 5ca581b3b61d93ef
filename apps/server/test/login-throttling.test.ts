import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import request from 'supertest';
import { createApp, type App } from '../src/app.js';
import { loadConfig } from '../src/server-config.js';
import { call } from './support/rest-session.js';

const MAX_FAILURES = 3;
const MAX_PER_ADDRESS = 6;
const BLOCK_SECONDS = 120;

/** A client address of its own per scenario (the app trusts X-Forwarded-For from loopback, as behind a local proxy). */
const from = (address: string) => ({ 'X-Forwarded-For': address });

interface GraphQLReply {
  readonly status: number;
  readonly retryAfter: string | undefined;
  readonly body: {
    readonly data?: { readonly createToken?: { readonly token: string | null; readonly message: string | null } | null } | null;
    readonly errors?: readonly { readonly message: string; readonly extensions?: Record<string, unknown> }[];
  };
}

describe('failed-login throttling (SQLite, one node)', () => {
  let app: App;
  let dataDir = '';
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-throttle-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      AUTH_BASIC: 'true',
      LOGIN_MAX_FAILURES: String(MAX_FAILURES),
      LOGIN_MAX_FAILURES_PER_ADDRESS: String(MAX_PER_ADDRESS),
      LOGIN_BLOCK_SECONDS: String(BLOCK_SECONDS),
    });
    const sink = { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) };
    app = await createApp(config, { logger: pino({ level: 'warn' }, sink) });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const sessionLogin = (login: string, password: string, address: string) =>
    call(app.express, null, {
      method: 'POST',
      path: '/user/sessions',
      input: 'SessionInput',
      accept: 'Session',
      headers: from(address),
      body: { SessionInput: { login, password } },
    });

  const createToken = async (username: string, password: string, address: string): Promise<GraphQLReply> => {
    const query = 'mutation ($u: String!, $p: String!) { createToken(username: $u, password: $p) { token message } }';
    const response = await request(app.express)
      .post('/graphql')
      .set({ 'Content-Type': 'application/json', ...from(address) })
      .send(JSON.stringify({ query, variables: { u: username, p: password } }));
    return { status: response.status, retryAfter: response.headers['retry-after'], body: JSON.parse(response.text) as GraphQLReply['body'] };
  };

  const expectThrottled = (reply: { status: number; headers: Readonly<Record<string, string | undefined>>; body: unknown }): void => {
    expect(reply.status).toBe(429);
    const retryAfter = Number(reply.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(BLOCK_SECONDS - 10);
    expect(retryAfter).toBeLessThanOrEqual(BLOCK_SECONDS);
    expect(reply.body).toEqual({
      ErrorMessage: expect.objectContaining({
        errorCode: 429,
        errorMessage: 'Too Many Requests',
        errorDescription: expect.stringMatching(/^Too many failed login attempts; try again in \d+ seconds$/),
      }),
    });
  };

  it('answers 429 with Retry-After to the right password on POST /user/sessions after too many wrong ones', async () => {
    for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) {
      expect((await sessionLogin('admin', `wrong-${attempt}`, '203.0.113.1')).status).toBe(401);
    }
    expectThrottled(await sessionLogin('admin', 'publish', '203.0.113.1'));
    // Another address is not blocked for that account.
    expect((await sessionLogin('admin', 'publish', '203.0.113.9')).status).toBe(201);
  });

  it('answers 429 with Retry-After to the right HTTP Basic credentials after too many wrong ones, on REST and GraphQL', async () => {
    const address = '203.0.113.2';
    for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) {
      expect((await call(app.express, { basic: ['admin', `wrong-${attempt}`] }, { method: 'GET', path: '/', headers: from(address) })).status).toBe(401);
    }
    expectThrottled(await call(app.express, { basic: ['admin', 'publish'] }, { method: 'GET', path: '/', headers: from(address) }));
    const graphql = await request(app.express)
      .post('/graphql')
      .auth('admin', 'publish')
      .set({ 'Content-Type': 'application/json', ...from(address) })
      .send(JSON.stringify({ query: '{ __typename }' }));
    expect(graphql.status).toBe(429);
    expect(Number(graphql.headers['retry-after'])).toBeGreaterThan(0);
    expect((JSON.parse(graphql.text) as GraphQLReply['body']).errors?.[0]?.extensions?.['code']).toBe('TOO_MANY_REQUESTS');
  });

  it('answers HTTP 429 with Retry-After and code TOO_MANY_REQUESTS to createToken with the right password after too many wrong ones', async () => {
    const address = '203.0.113.3';
    for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) {
      const wrong = await createToken('admin', `wrong-${attempt}`, address);
      expect(wrong.body.data?.createToken).toEqual({ token: null, message: 'Wrong username or password' });
    }
    const right = await createToken('admin', 'publish', address);
    expect(right.status).toBe(429);
    expect(Number(right.retryAfter)).toBeGreaterThan(BLOCK_SECONDS - 10);
    expect(right.body.data?.createToken ?? null).toBeNull();
    expect(right.body.errors?.[0]?.extensions).toEqual({ code: 'TOO_MANY_REQUESTS', retryAfter: expect.any(Number) });
  });

  it('counts the failures of every door together', async () => {
    const address = '203.0.113.4';
    expect((await sessionLogin('admin', 'wrong', address)).status).toBe(401);
    expect((await call(app.express, { basic: ['admin', 'wrong'] }, { method: 'GET', path: '/', headers: from(address) })).status).toBe(401);
    expect((await createToken('admin', 'wrong', address)).body.data?.createToken?.token).toBeNull();
    expect((await sessionLogin('admin', 'publish', address)).status).toBe(429);
  });

  it('forgets the failures of an account and address after a successful login', async () => {
    const address = '203.0.113.5';
    // Without the reset, the second round's failures would reach the limit of the account and address.
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 0; attempt < MAX_FAILURES - 1; attempt += 1) {
        expect((await sessionLogin('admin', 'wrong', address)).status).toBe(401);
      }
      expect((await sessionLogin('admin', 'publish', address)).status).toBe(201);
    }
  });

  it('throttles an address that tries many login names', async () => {
    const address = '203.0.113.6';
    for (let attempt = 0; attempt < MAX_PER_ADDRESS; attempt += 1) {
      expect((await sessionLogin(`nobody-${attempt}`, 'wrong', address)).status).toBe(401);
    }
    expectThrottled(await sessionLogin('admin', 'publish', address));
  });

  it('logs failed logins at warn with the login name and address, never the password', async () => {
    logLines.length = 0;
    expect((await sessionLogin('editor-x', 'S3cret-Guess!', '203.0.113.7')).status).toBe(401);
    const failed = logLines.filter((line) => line['msg'] === 'Failed login');
    expect(failed).toEqual([expect.objectContaining({ level: 40, login: 'editor-x', address: '203.0.113.7' })]);
    expect(JSON.stringify(logLines)).not.toContain('S3cret-Guess!');
  });

  it('still answers 401 to wrong Basic credentials below the limit and logs in with the right ones', async () => {
    expect((await call(app.express, { basic: ['admin', 'wrong'] }, { method: 'GET', path: '/user/sessions/current', headers: from('203.0.113.8') })).status).toBe(401);
    expect((await call(app.express, { basic: ['admin', 'publish'] }, { method: 'GET', path: '/', headers: from('203.0.113.8') })).status).toBe(200);
  });
});
