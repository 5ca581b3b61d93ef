import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { createApp, type App } from '../src/app.js';
import { loadConfig } from '../src/server-config.js';
import { call, login } from './support/rest-session.js';

describe('HTTP caching headers of the server (HTTP_CACHE_*)', () => {
  let app: App;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-http-caching-'));
    const config = loadConfig({ DATA_DIR: dataDir, HTTP_CACHE_MAX_AGE: '10', HTTP_CACHE_SHARED_MAX_AGE: '600' });
    app = await createApp(config, { logger: pino({ level: 'silent' }) });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers an anonymous read of Home with the configured ages, Vary and its xkey tags; a session read is private, the session itself never stored', async () => {
    const home = await app.repository.locationService.loadLocation(2);
    for (const format of ['json', 'xml'] as const) {
      const anonymous = await call(app.express, null, { method: 'GET', path: '/content/locations/1/2', format });
      expect(anonymous.status).toBe(200);
      expect(anonymous.headers['cache-control']).toBe('public, max-age=10, s-maxage=600');
      expect(anonymous.headers['vary']).toBe('Accept, Cookie, Authorization');
      expect(anonymous.headers['xkey']).toBe(`ez-all l2 pl${home.parentLocationId} p1 p2 c${home.contentId} ct${home.contentInfo.contentTypeId}`);
      const revalidated = await call(app.express, null, { method: 'GET', path: '/content/locations/1/2', format, headers: { 'If-None-Match': anonymous.headers['etag'] ?? '' } });
      expect([revalidated.status, revalidated.headers['cache-control'], revalidated.headers['xkey']]).toEqual([304, anonymous.headers['cache-control'], anonymous.headers['xkey']]);
    }
    const session = await login(app.express, 'admin', 'publish');
    const viaSession = await call(app.express, session, { method: 'GET', path: '/content/locations/1/2' });
    expect([viaSession.status, viaSession.headers['cache-control']]).toEqual([200, 'private, no-cache']);
    // The session resource carries the CSRF token: no cache keeps it.
    const current = await call(app.express, session, { method: 'GET', path: '/user/sessions/current' });
    expect([current.status, current.headers['cache-control'], current.headers['xkey']]).toEqual([200, 'no-store', undefined]);
  });
});
