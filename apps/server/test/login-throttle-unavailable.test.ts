import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LoginThrottle } from '@contentrepo/http-auth';
import { pino } from 'pino';
import request from 'supertest';
import { createApp, type App } from '../src/app.js';
import { loadConfig } from '../src/server-config.js';
import { call } from './support/rest-session.js';

/** Login throttling whose counter store cannot be reached, as a PostgreSQL table whose database is down. */
class UnreachableThrottle implements LoginThrottle {
  calls = 0;
  private fail(): Promise<never> {
    this.calls++;
    return Promise.reject(new Error('connect ECONNREFUSED 10.0.0.1:5432'));
  }
  blockedFor(): Promise<number> {
    return this.fail();
  }
  recordFailure(): Promise<number> {
    return this.fail();
  }
  recordSuccess(): Promise<void> {
    return this.fail();
  }
}

describe('login throttling whose counters cannot be reached fails closed', () => {
  let app: App;
  let dataDir = '';
  const logLines: Record<string, unknown>[] = [];
  const loginThrottle = new UnreachableThrottle();

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-throttle-down-'));
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_BASIC: 'true' });
    const sink = { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) };
    app = await createApp(config, { logger: pino({ level: 'warn' }, sink), loginThrottle });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const expectUnavailableLogged = () => {
    const failures = logLines.filter((line) => line['level'] === 50);
    expect(failures).toEqual([
      expect.objectContaining({
        msg: 'Login throttling unavailable: the failed-login counters cannot be reached',
        login: 'admin',
        err: expect.objectContaining({ message: 'connect ECONNREFUSED 10.0.0.1:5432' }),
      }),
    ]);
    expect(JSON.stringify(logLines)).not.toContain('publish');
  };

  it('POST /user/sessions, right password included: 503 ErrorMessage with Retry-After, the cause logged at error', async () => {
    logLines.length = 0;
    const reply = await call(app.express, null, {
      method: 'POST',
      path: '/user/sessions',
      input: 'SessionInput',
      accept: 'Session',
      body: { SessionInput: { login: 'admin', password: 'publish' } },
    });
    expect(reply.status).toBe(503);
    expect(reply.headers['retry-after']).toBe('30');
    expect(reply.body).toEqual({
      ErrorMessage: expect.objectContaining({
        errorCode: 503,
        errorMessage: 'Service Unavailable',
        errorDescription: 'Logins are temporarily unavailable; try again later',
      }),
    });
    expect(reply.headers['set-cookie']).toBeUndefined();
    expectUnavailableLogged();
  });

  it('HTTP Basic on REST and GraphQL: 503, never 500', async () => {
    logLines.length = 0;
    const rest = await call(app.express, { basic: ['admin', 'publish'] }, { method: 'GET', path: '/user/sessions/current' });
    expect(rest.status).toBe(503);
    expect(rest.headers['retry-after']).toBe('30');
    expect((rest.body as { ErrorMessage: { errorCode: number } }).ErrorMessage.errorCode).toBe(503);
    expectUnavailableLogged();
    const graphql = await request(app.express)
      .post('/graphql')
      .set({ 'Content-Type': 'application/json', Authorization: `Basic ${Buffer.from('admin:publish').toString('base64')}` })
      .send(JSON.stringify({ query: '{ __typename }' }));
    expect(graphql.status).toBe(503);
    expect(graphql.headers['retry-after']).toBe('30');
    expect(JSON.parse(graphql.text)).toEqual({ errors: [{ message: 'Logins are temporarily unavailable; try again later', extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
  });

  it('GraphQL createToken: 503 with code SERVICE_UNAVAILABLE and no token', async () => {
    const query = 'mutation { createToken(username: "admin", password: "publish") { token message } }';
    const response = await request(app.express).post('/graphql').set('Content-Type', 'application/json').send(JSON.stringify({ query }));
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('30');
    const body = JSON.parse(response.text) as { data: unknown; errors: { message: string; extensions: Record<string, unknown> }[] };
    expect(body.errors[0]).toMatchObject({ message: 'Logins are temporarily unavailable; try again later', extensions: { code: 'SERVICE_UNAVAILABLE' } });
    expect(response.text).not.toMatch(/eyJ/);
  });

  it('every refusal did reach the failing store (the counters were tried, not skipped)', () => {
    expect(loginThrottle.calls).toBeGreaterThanOrEqual(4);
  });
});
