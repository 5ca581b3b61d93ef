import { describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { createServerMetrics, metricsHandler } from '../../src/metrics.js';
import { startTestServer, testEngines, vnd, type TestServer } from '../support/test-server.js';
import { sampleValue } from './prometheus-text.js';

const TOKEN = 'scrape-token-0123456789';
const CONTENT_ROUTE = '/api/ibexa/v2/content/objects/{contentId:id}';
/** One Host for every read: the origin is part of what the REST output cache keeps. */
const HOST = 'cms.example';

const scrape = async (server: TestServer): Promise<string> => {
  const answer = await request(server.app.express).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(answer.status).toBe(200);
  return answer.text;
};

describe('GET /metrics', () => {
  it('is 404 unless METRICS is on (the default without METRICS_TOKEN), and refuses a token shorter than 16 characters', async () => {
    for (const env of [{}, { METRICS: 'off', METRICS_TOKEN: TOKEN }]) {
      const server = await startTestServer(env);
      try {
        const answer = await request(server.app.express).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
        expect([answer.status, answer.body]).toEqual([404, { error: { code: 404, message: 'Not Found' } }]);
      } finally {
        await server.stop();
      }
    }
    await expect(startTestServer({ METRICS_TOKEN: 'short' })).rejects.toThrow('METRICS_TOKEN must be at least 16 characters without spaces');
  });

  for (const engine of testEngines()) {
    (engine.skipReason === undefined ? it : it.skip)(
      `counts requests by route pattern and status, times them and the ${engine.name} statements, counts output cache hits, and asks for the token${engine.skipReason ? ` (skipped: ${engine.skipReason})` : ''}`,
      async () => {
        const server = await startTestServer({ METRICS_TOKEN: TOKEN }, engine);
        try {
          const app = server.app.express;
          for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
            const refused = await (authorization === undefined ? request(app).get('/metrics') : request(app).get('/metrics').set('Authorization', authorization));
            expect([refused.status, refused.headers['www-authenticate'], refused.body]).toEqual([401, 'Bearer realm="metrics"', { error: { code: 401, message: 'Unauthorized' } }]);
          }
          expect((await request(app).post('/metrics').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(405);

          const dialect = engine.name === 'SQLite' ? 'sqlite' : 'postgresql';
          const before = await scrape(server);
          const read = (id: number) => request(app).get(`/api/ibexa/v2/content/objects/${id}`).set({ Accept: vnd('Content'), Host: HOST });
          for (let index = 0; index < 3; index += 1) expect((await read(1)).status).toBe(200);
          expect((await read(999_999)).status).toBe(404);
          const after = await scrape(server);
          const answered = await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
          expect(answered.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
          expect(answered.headers['cache-control']).toBe('no-store');

          const count = (text: string, status: string): number => sampleValue(text, 'http_requests_total', { method: 'GET', route: CONTENT_ROUTE, status }) ?? 0;
          expect(count(after, '200') - count(before, '200')).toBe(3);
          expect(count(after, '404') - count(before, '404')).toBe(1);
          const timed = (text: string): number => sampleValue(text, 'http_request_duration_seconds_count', { method: 'GET', route: CONTENT_ROUTE }) ?? 0;
          expect(timed(after) - timed(before)).toBe(4);
          expect(sampleValue(after, 'http_request_duration_seconds_bucket', { method: 'GET', route: CONTENT_ROUTE, le: '+Inf' })).toBe(timed(after));
          // Never a path with an id as a label: the route is the pattern.
          expect(after).not.toMatch(/route="[^"]*objects\/(1|999999)"/);
          expect(sampleValue(after, 'http_requests_total', { method: 'GET', route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(1);

          const queries = (text: string): number => sampleValue(text, 'db_query_duration_seconds_count', { dialect, outcome: 'ok' }) ?? 0;
          expect(queries(after) - queries(before)).toBeGreaterThanOrEqual(4);
          const cache = (text: string, result: string): number => sampleValue(text, 'cache_requests_total', { cache: 'rest_content_output', result }) ?? 0;
          expect(cache(after, 'hit') - cache(before, 'hit')).toBe(2);
          expect(cache(after, 'miss') - cache(before, 'miss')).toBeGreaterThanOrEqual(1);

          expect(sampleValue(after, 'outbox_unnumbered_events')).toBe(0);
          expect(sampleValue(after, 'webhook_deliveries_pending')).toBe(0);
          expect(sampleValue(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
          expect(sampleValue(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
        } finally {
          await server.stop();
        }
      },
      60_000,
    );
  }
});

describe('the outbox gauges', () => {
  const scrapeOf = async (depth: () => Promise<{ unnumberedEvents: number; pendingDeliveries: number }>): Promise<string> => {
    const metrics = createServerMetrics({ processMetrics: false });
    metrics.setOutbox(depth);
    const app = express();
    app.get('/metrics', metricsHandler(metrics, undefined));
    const answer = await request(app).get('/metrics');
    expect(answer.status).toBe(200);
    return answer.text;
  };

  it('report the depth counted at the scrape, once for both gauges', async () => {
    let counted = 0;
    const text = await scrapeOf(async () => {
      counted += 1;
      return { unnumberedEvents: 7, pendingDeliveries: 3 };
    });
    expect([sampleValue(text, 'outbox_unnumbered_events'), sampleValue(text, 'webhook_deliveries_pending'), counted]).toEqual([7, 3, 1]);
  });

  it('are NaN, the rest of the scrape answered, when the database fails or does not answer within two seconds', async () => {
    for (const depth of [() => Promise.reject(new Error('gone')), () => new Promise<never>(() => undefined)]) {
      const started = Date.now();
      const text = await scrapeOf(depth);
      expect(sampleValue(text, 'outbox_unnumbered_events')).toBeNaN();
      expect(sampleValue(text, 'webhook_deliveries_pending')).toBeNaN();
      expect(text).toContain('# TYPE http_requests_total counter');
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  });
});
