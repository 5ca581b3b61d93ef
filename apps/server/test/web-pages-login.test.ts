import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { call } from './support/rest-session.js';
import { logInThroughForm, openLoginForm, postLoginForm, setCookies } from './support/form-login-client.js';
import { startTestServer, vnd, type TestServer } from './support/test-server.js';

/** The session cookie pair of a response, if it set one. */
const sessionCookie = (headers: Record<string, unknown>): string | undefined => {
  const found = [...setCookies(headers)].find(([name]) => name.startsWith('IBX_SESSION_ID'));
  return found ? `${found[0]}=${found[1]}` : undefined;
};

describe('the login page (Ibexa form login on the REST session)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LOGIN_MAX_FAILURES: '3', LOGIN_BLOCK_SECONDS: '60' });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const app = () => server.app.express;

  it('answers GET /login with the form: _username, _password, _csrf_token, a Login button, posting to login_check', async () => {
    const form = await openLoginForm(app());
    expect(form.status).toBe(200);
    expect(form.html).toContain('<form class="login" method="post" action="/login_check">');
    expect(form.html).toMatch(/<input type="text" id="username" name="_username"/);
    expect(form.html).toMatch(/<input type="password" id="password" name="_password"/);
    expect(form.token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(form.html).toMatch(/<button type="submit"[^>]*>Login<\/button>/);
    expect(form.csrfCookie).toMatch(/^CONTENTREPO_LOGIN_CSRF=[A-Za-z0-9_-]{43}$/);
    expect(form.html).not.toMatch(/<script(?![^>]*\bsrc=)/);
  });

  it('signs in with a session cookie that REST accepts: current session, POST /user/sessions, unsafe calls with the CSRF token', async () => {
    const form = await openLoginForm(app());
    const response = await postLoginForm(app(), { username: 'admin', password: 'publish', token: form.token, cookie: form.csrfCookie });
    expect([response.status, response.headers['location']]).toEqual([302, '/']);
    const cookieLine = (response.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('IBX_SESSION_ID'));
    expect(cookieLine).toMatch(/; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookie = sessionCookie(response.headers) ?? '';

    const current = await request(app()).get('/api/ibexa/v2/user/sessions/current').set('Cookie', cookie).set('Accept', vnd('Session'));
    expect(current.status).toBe(200);
    const session = JSON.parse(current.text).Session as { identifier: string; csrfToken: string; User: { _href: string } };
    expect(cookie.endsWith(`=${session.identifier}`)).toBe(true);
    expect(session.User._href).toBe('/api/ibexa/v2/user/users/14');

    // REST login with the form's cookie: Ibexa 4.6 reuses the same user's session (200, same identifier).
    const again = await call(app(), null, {
      method: 'POST',
      path: '/user/sessions',
      input: 'SessionInput',
      accept: 'Session',
      headers: { Cookie: cookie },
      body: { SessionInput: { login: 'admin', password: 'publish' } },
    });
    expect([again.status, again.body.Session.identifier]).toEqual([200, session.identifier]);

    const withoutToken = await request(app()).delete('/api/ibexa/v2/content/objects/999999').set('Cookie', cookie);
    expect([withoutToken.status, withoutToken.text.includes('Missing or invalid CSRF token')]).toEqual([401, true]);
    const withToken = await request(app()).delete('/api/ibexa/v2/content/objects/999999').set('Cookie', cookie).set('X-CSRF-Token', session.csrfToken);
    expect(withToken.status).toBe(404);
    const graphql = await request(app())
      .post('/graphql')
      .set('Cookie', cookie)
      .send({ query: '{ item(contentId: 14) { _name } }' });
    expect(JSON.parse(graphql.text)).toEqual({ data: { item: { _name: 'Administrator User' } } });
  });

  it('shows the form again with Invalid credentials. for a wrong password, and sets no session cookie', async () => {
    const form = await openLoginForm(app());
    const response = await postLoginForm(app(), { username: 'admin', password: 'wrong', token: form.token, cookie: form.csrfCookie, headers: { 'X-Forwarded-For': '10.1.0.1' } });
    expect(response.status).toBe(401);
    expect(response.text).toContain('<p class="error" role="alert">Invalid credentials.</p>');
    expect(response.text).toContain('name="_username" value="admin"');
    expect(response.text).toMatch(/name="_csrf_token" value="\d+\.[A-Za-z0-9_-]{43}"/);
    expect(sessionCookie(response.headers)).toBeUndefined();
  });

  it('refuses a missing, forged or foreign CSRF token with 403 before checking the password', async () => {
    const form = await openLoginForm(app());
    const other = await openLoginForm(app());
    const attempts = [
      { token: undefined, cookie: form.csrfCookie },
      { token: form.token, cookie: undefined },
      { token: `${form.token.slice(0, -2)}xx`, cookie: form.csrfCookie },
      { token: other.token, cookie: form.csrfCookie },
    ];
    for (const attempt of attempts) {
      const response = await postLoginForm(app(), { username: 'admin', password: 'publish', ...attempt });
      expect([response.status, response.text.includes('Invalid CSRF token.'), sessionCookie(response.headers)]).toEqual([403, true, undefined]);
    }
  });

  it('throttles failed form logins like every login: 429 with Retry-After after too many', async () => {
    const form = await openLoginForm(app());
    const attempt = (password: string) =>
      postLoginForm(app(), { username: 'editor-x', password, token: form.token, cookie: form.csrfCookie, headers: { 'X-Forwarded-For': '10.2.0.1' } });
    for (let index = 0; index < 3; index += 1) expect((await attempt('bad')).status).toBe(401);
    const blocked = await attempt('bad');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.text).toContain('Too many failed login attempts');
  });

  it('redirects to a local _target_path only', async () => {
    const cases: [string, string][] = [
      ['/graphql?query=%7B__typename%7D', '/graphql?query=%7B__typename%7D'],
      ['//evil.example/x', '/'],
      ['https://evil.example/', '/'],
      ['/\\evil.example', '/'],
    ];
    for (const [target, location] of cases) {
      const form = await openLoginForm(app());
      const response = await postLoginForm(app(), { username: 'admin', password: 'publish', token: form.token, cookie: form.csrfCookie, targetPath: target });
      expect([response.status, response.headers['location']]).toEqual([302, location]);
    }
    const withTarget = await request(app()).get('/login?_target_path=%2Fgraphql');
    expect(withTarget.text).toContain('<input type="hidden" name="_target_path" value="/graphql">');
  });

  it('logs out with GET /logout: the session ends, the cookie is deleted, and the browser goes to the login page', async () => {
    const cookie = await logInThroughForm(app(), 'admin', 'publish');
    const logout = await request(app()).get('/logout').set('Cookie', cookie);
    expect([logout.status, logout.headers['location']]).toEqual([302, '/login']);
    expect(String(logout.headers['set-cookie'])).toMatch(/^IBX_SESSION_ID\w+=deleted; expires=.+; Max-Age=0; path=\/; httponly$/);
    const after = await request(app()).get('/api/ibexa/v2/user/sessions/current').set('Cookie', cookie);
    expect(after.status).toBe(404);

    const second = await logInThroughForm(app(), 'admin', 'publish');
    const post = await request(app()).post('/logout').set('Cookie', second).type('form').send({ _target_path: '/' });
    expect([post.status, post.headers['location']]).toEqual([302, '/']);
    expect((await request(app()).get('/api/ibexa/v2/user/sessions/current').set('Cookie', second)).status).toBe(404);
  });

  it('replaces the session a login finds in the cookie with a new one', async () => {
    const first = await logInThroughForm(app(), 'admin', 'publish');
    const form = await openLoginForm(app(), '', first);
    expect(form.html).toContain('You are signed in as <strong>admin</strong>');
    const response = await postLoginForm(app(), { username: 'admin', password: 'publish', token: form.token, cookie: `${first}; ${form.csrfCookie}` });
    const second = sessionCookie(response.headers);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await request(app()).get('/api/ibexa/v2/user/sessions/current').set('Cookie', first)).status).toBe(404);
    expect((await request(app()).get('/api/ibexa/v2/user/sessions/current').set('Cookie', second ?? '')).status).toBe(200);
  });

  it('serves the pages with the same-origin page policy, and only the methods they answer', async () => {
    const policy = (await request(app()).get('/login')).headers['content-security-policy'];
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("form-action 'self'");
    expect((await request(app()).put('/login')).status).toBe(405);
    expect((await request(app()).get('/login_check')).status).toBe(405);
  });
});
