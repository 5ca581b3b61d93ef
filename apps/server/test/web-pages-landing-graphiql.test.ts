import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { loadConfig } from '../src/server-config.js';
import { logInThroughForm } from './support/form-login-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** The same-origin references of a page: stylesheet and script URLs. */
const assetUrls = (html: string): string[] => [...html.matchAll(/<(?:link rel="stylesheet" href|script type="module" src)="([^"]+)"/g)].map((match) => (match[1] ?? '').replaceAll('&#38;', '&'));

describe('the landing page and GraphiQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  const app = () => server.app.express;

  it('answers GET / with a page linking the GraphQL explorer, the REST reference and API, the login page, and the version', async () => {
    const response = await request(app()).get('/').set('Accept', 'text/html');
    expect(response.status).toBe(200);
    expect(response.type).toBe('text/html');
    for (const href of ['/admin/', '/graphql', '/api/ibexa/v2/docs/', '/api/ibexa/v2/', '/login']) expect(response.text).toContain(`href="${href}"`);
    expect(response.text).toContain('<span class="version">0.1.0</span>');
    expect(response.text).not.toMatch(/<script/);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    const [stylesheet] = assetUrls(response.text);
    const css = await request(app()).get(stylesheet ?? '');
    expect([css.status, css.type, css.headers['cache-control']]).toEqual([200, 'text/css', 'public, max-age=31536000, immutable']);
  });

  it('tells who is signed in, and answers clients asking for JSON with the endpoints', async () => {
    const cookie = await logInThroughForm(app(), 'admin', 'publish');
    const page = await request(app()).get('/').set('Cookie', cookie);
    expect(page.text).toContain('Signed in as <strong>admin</strong>');
    expect(page.text).toContain('href="/logout"');
    const json = await request(app()).get('/').set('Accept', 'application/json');
    expect(json.body).toEqual({
      name: 'contentrepo',
      version: '0.1.0',
      endpoints: expect.objectContaining({ graphql: { href: '/graphql', title: 'GraphQL explorer' }, login: { href: '/login', title: 'Log in' } }),
    });
    expect(json.headers['vary']).toContain('Accept');
  });

  it('serves GraphiQL to browsers at the GraphQL path, from this server only, and GraphQL to every other client', async () => {
    const page = await request(app()).get('/graphql').set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="graphiql" data-endpoint="/graphql" data-rest="/api/ibexa/v2"');
    expect(page.text).not.toMatch(/https?:\/\//);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const urls = assetUrls(page.text);
    expect(urls).toEqual([expect.stringMatching(/^\/web-assets\/pages\.css\?v=/), expect.stringMatching(/^\/web-assets\/graphiql\.css\?v=/), expect.stringMatching(/^\/web-assets\/graphiql\.js\?v=/)]);
    const script = await request(app()).get(urls[2] ?? '').set('Accept-Encoding', 'br');
    expect([script.status, script.type, script.headers['content-encoding']]).toEqual([200, 'text/javascript', 'br']);
    const stylesheet = await request(app()).get(urls[1] ?? '');
    const font = /url\((fonts\/[0-9a-f]{16}\.woff2)\)/.exec(stylesheet.text)?.[1];
    expect((await request(app()).get(`/web-assets/${font ?? 'missing'}`)).status).toBe(200);
    expect(stylesheet.text).not.toMatch(/url\((?!fonts\/|data:)/);

    const json = await request(app()).get('/graphql?query=%7B__typename%7D').set('Accept', 'application/json');
    expect(JSON.parse(json.text)).toEqual({ data: { __typename: 'Domain' } });
    expect((await request(app()).get('/web-assets/unknown.js')).status).toBe(404);
  });
});

describe('GraphiQL turned off or with DEBUG, and the pages below a base path', () => {
  let off: TestServer;
  let debug: TestServer;
  let based: TestServer;
  beforeAll(async () => {
    [off, debug, based] = await Promise.all([startTestServer({ GRAPHIQL: 'false', ADMIN_PATH: 'off' }), startTestServer({ DEBUG: 'true' }), startTestServer({ BASE_PATH: '/cms' })]);
  });
  afterAll(async () => {
    await off?.stop();
    await debug?.stop();
    await based?.stop();
  });

  it('with GRAPHIQL=false, a browser at the GraphQL path gets no explorer, and the landing page links the plain API (and no content browser when it is off)', async () => {
    const page = await request(off.app.express).get('/graphql').set('Accept', 'text/html');
    expect(page.text).not.toContain('id="graphiql"');
    expect(page.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    const landing = (await request(off.app.express).get('/')).text;
    expect(landing).toContain('<h2>GraphQL API</h2>');
    expect(landing).not.toContain('data-endpoint="admin"');
  });

  it('with DEBUG=true, GraphiQL replaces Apollo Sandbox, under the page policy', async () => {
    const page = await request(debug.app.express).get('/graphql').set('Accept', 'text/html');
    expect(page.text).toContain('id="graphiql"');
    expect(page.text).not.toMatch(/https?:\/\//);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('with BASE_PATH=/cms, serves the landing page, login and GraphiQL below it, with links below it', async () => {
    const express = based.app.express;
    const landing = await request(express).get('/cms/');
    expect(landing.status).toBe(200);
    for (const href of ['/cms/graphql', '/cms/login', '/cms/api/ibexa/v2/docs/']) expect(landing.text).toContain(`href="${href}"`);
    expect(landing.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await request(express).get('/cms/api/ibexa/v2/').set('Accept', 'application/json')).headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect((await request(express).get('/')).status).toBe(404);
    const cookie = await logInThroughForm(express, 'admin', 'publish', '/cms');
    expect((await request(express).get('/cms/api/ibexa/v2/user/sessions/current').set('Cookie', cookie)).status).toBe(200);
    const graphiql = await request(express).get('/cms/graphql').set('Accept', 'text/html');
    expect(graphiql.text).toContain('data-endpoint="/cms/graphql" data-rest="/cms/api/ibexa/v2"');
    expect(assetUrls(graphiql.text).every((url) => url.startsWith('/cms/web-assets/'))).toBe(true);
  });
});

describe('GRAPHIQL setting', () => {
  it('is on by default, off by default when NODE_ENV is production, and set either way explicitly', () => {
    expect(loadConfig({}).graphiql).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).graphiql).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', GRAPHIQL: 'true' }).graphiql).toBe(true);
    expect(loadConfig({ GRAPHIQL: 'off' }).graphiql).toBe(false);
    expect(() => loadConfig({ GRAPHIQL: 'maybe' })).toThrow('GRAPHIQL must be true or false');
  });
});
