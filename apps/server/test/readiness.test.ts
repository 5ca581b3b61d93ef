import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { readinessHandler } from '../src/readiness.js';
import { startTestServer, testEngines } from './support/test-server.js';

const silent = { warn: () => undefined };

describe('GET /readyz answers from the database', () => {
  for (const engine of testEngines()) {
    (engine.skipReason === undefined ? it : it.skip)(
      `is 200 while the ${engine.name} database answers with a current schema, 503 once it is gone, while /healthz stays 200${engine.skipReason ? ` (skipped: ${engine.skipReason})` : ''}`,
      async () => {
        const server = await startTestServer({}, engine);
        let closed = false;
        try {
          const driver = engine.name === 'SQLite' ? 'sqlite' : 'postgresql';
          const ready = await request(server.app.express).get('/readyz');
          expect([ready.status, ready.body, ready.headers['cache-control']]).toEqual([200, { status: 'ready', driver }, 'no-store']);
          expect((await request(server.app.express).post('/readyz')).status).toBe(405);

          await server.app.close();
          closed = true;
          const gone = await request(server.app.express).get('/readyz');
          expect([gone.status, gone.body]).toEqual([503, { status: 'unavailable', driver, reason: 'The database does not answer' }]);
          expect(gone.text).not.toMatch(/at |Error/);
          expect((await request(server.app.express).get('/healthz')).status).toBe(200);
        } finally {
          // stop() closes the app again (a second close is harmless) and removes the data.
          await server.stop().catch((error: unknown) => {
            if (!closed) throw error;
          });
        }
      },
      60_000,
    );
  }
});

describe('the readiness handler', () => {
  const appOver = (pendingMigrations: () => Promise<string[]>) => {
    const app = express();
    app.get('/readyz', readinessHandler({ driver: 'sqlite', pendingMigrations }, silent));
    return app;
  };

  it('is 503 naming the migrations the database lacks', async () => {
    const answer = await request(appOver(async () => ['0013-search-word-lists'])).get('/readyz');
    expect([answer.status, answer.body]).toEqual([
      503,
      { status: 'unavailable', driver: 'sqlite', reason: 'The database lacks migrations of this build', pendingMigrations: ['0013-search-word-lists'] },
    ]);
  });

  it('is 503 when the database does not answer within two seconds, instead of waiting for it', async () => {
    const started = Date.now();
    const answer = await request(appOver(() => new Promise<string[]>(() => undefined))).get('/readyz');
    expect([answer.status, answer.body]).toEqual([503, { status: 'unavailable', driver: 'sqlite', reason: 'The database did not answer in time' }]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
