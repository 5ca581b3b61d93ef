import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { ConfigError, loadConfig } from '../src/server-config.js';
import { createAdminApp } from '../src/web/admin-app.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** A built app as Vite leaves it: index.html with the REST root placeholder, and a hashed asset. */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'admin-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="contentrepo-rest-root" content="/api/ibexa/v2" /><script type="module" src="./assets/index-abc123.js"></script></head><body></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
  return dir;
}

describe('the content browser is served at its path', () => {
  const dist = fakeBuild();
  const app = express();
  app.use('/cms/admin', createAdminApp({ path: '/cms/admin', restRoot: '/cms/api/ibexa/v2', distDir: dist, logger: pino({ level: 'silent' }) }));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it.each(['/cms/admin', '/cms/admin/', '/cms/admin/content/52', '/cms/admin/search?q=x'])('GET %s: the page, with its base and REST root, not cached', async (path) => {
    const response = await request(app).get(path);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.text).toContain('<base href="/cms/admin/" />');
    expect(response.text).toContain('<meta name="contentrepo-rest-root" content="/cms/api/ibexa/v2" />');
  });

  it('serves hashed assets cached for a year, and a missing one is 404', async () => {
    const asset = await request(app).get('/cms/admin/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request(app).get('/cms/admin/assets/index-gone.js')).status).toBe(404);
  });

  it('answers 405 with Allow to other methods', async () => {
    const response = await request(app).post('/cms/admin/content/1');
    expect(response.status).toBe(405);
    expect(response.headers['allow']).toBe('GET, HEAD, OPTIONS');
  });

  it('answers 503 with how to build it when the app was not built', async () => {
    const unbuilt = express();
    unbuilt.use('/admin', createAdminApp({ path: '/admin', restRoot: '/api/ibexa/v2', distDir: join(dist, 'missing'), logger: pino({ level: 'silent' }) }));
    const response = await request(unbuilt).get('/admin/');
    expect(response.status).toBe(503);
    expect(response.text).toMatch(/not built/);
  });
});

describe('ADMIN_PATH', () => {
  it('defaults to /admin, takes another path, and false or off turns the app off', () => {
    expect(loadConfig({}).adminPath).toBe('/admin');
    expect(loadConfig({ ADMIN_PATH: '/back-office/' }).adminPath).toBe('/back-office');
    expect(loadConfig({ ADMIN_PATH: 'false' }).adminPath).toBeUndefined();
    expect(loadConfig({ ADMIN_PATH: 'OFF' }).adminPath).toBeUndefined();
  });

  it.each(['admin', '/ad min', '/api/admin'])('refuses %s with a clear error', (value) => {
    expect(() => loadConfig({ ADMIN_PATH: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_PATH: value })).toThrow(/ADMIN_PATH/);
  });
});

describe('the composed server', () => {
  let on: TestServer;
  let off: TestServer;
  beforeAll(async () => {
    [on, off] = await Promise.all([startTestServer(), startTestServer({ ADMIN_PATH: 'off' })]);
  });
  afterAll(async () => {
    await Promise.all([on?.stop(), off?.stop()]);
  });

  it("gives the app's path the pages' same-origin Content-Security-Policy, without inline scripts", async () => {
    const response = await request(on.app.express).get('/admin/');
    expect([200, 503]).toContain(response.status);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers 404 at /admin when ADMIN_PATH is off', async () => {
    expect((await request(off.app.express).get('/admin/')).status).toBe(404);
  });
});
