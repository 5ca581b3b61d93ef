import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { API, login } from './support/rest-session.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** Seconds Symfony dates a deleted cookie back by (a year and a second). */
const YEAR_AND_SECOND = 31_536_001;

/**
 * The `Set-Cookie` headers of a response, and the first one checked to be the session cookie `name` deleted in
 * Symfony's form; returns the date of its `expires` (ms since the epoch).
 */
function deletedCookieDate(setCookie: unknown, name: string): number {
  const headers = Array.isArray(setCookie) ? setCookie.map(String) : [];
  const first = headers[0] ?? '';
  const match = /^(.+?)=deleted; expires=(\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT); Max-Age=0; path=\/; httponly$/.exec(first);
  expect([first, match?.[1]]).toEqual([first, name]);
  return Date.parse(match?.[2] ?? '');
}

describe('logout expires the session cookie as Ibexa (Symfony) does', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('DELETE /user/sessions/{id} → 204 with `<name>=deleted; expires=<a year ago>; Max-Age=0; path=/; httponly`, and a refresh of it → 404 likewise', async () => {
    const session = await login(server.app.express, 'admin', 'publish');
    expect(session.status).toBe(201);
    const name = session.cookie.slice(0, session.cookie.indexOf('='));
    const identifier = session.cookie.slice(session.cookie.indexOf('=') + 1);

    const before = Date.now();
    const logout = await request(server.app.express).delete(`${API}/user/sessions/${identifier}`).set('Cookie', session.cookie).set('X-CSRF-Token', session.csrf);
    expect([logout.status, logout.text]).toEqual([204, '']);
    const expires = deletedCookieDate(logout.headers['set-cookie'], name);
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - YEAR_AND_SECOND * 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() - YEAR_AND_SECOND * 1000);

    const refresh = await request(server.app.express).post(`${API}/user/sessions/${identifier}/refresh`).set('Cookie', session.cookie).set('X-CSRF-Token', session.csrf);
    expect([refresh.status, refresh.text]).toEqual([404, '']);
    expect(deletedCookieDate(refresh.headers['set-cookie'], name)).toBeLessThan(Date.now() - 365 * 24 * 3600 * 1000);
  });
});
