import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createLogger } from '../../src/logging.js';
import { startTestServer, testEngines, vnd } from '../support/test-server.js';

type LogLine = Record<string, unknown>;

/** A logger as the server builds it (JSON lines, the request fields added), writing into `lines`. */
async function capturingLogger(): Promise<{ logger: Awaited<ReturnType<typeof createLogger>>; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const logger = await createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } });
  return { logger, lines };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ADMIN_ID = 14;
const ANONYMOUS_ID = 10;
const ADMIN = `Basic ${Buffer.from('admin:publish').toString('base64')}`;

describe('request ids and request log lines', () => {
  for (const engine of testEngines()) {
    (engine.skipReason === undefined ? it : it.skip)(
      `one JSON line per request with its id (given or generated), user and route, echoed in X-Request-Id, on ${engine.name}${engine.skipReason ? ` (skipped: ${engine.skipReason})` : ''}`,
      async () => {
        const { logger, lines } = await capturingLogger();
        const server = await startTestServer({}, engine, { logger });
        try {
          const app = server.app.express;
          lines.length = 0;
          const given = await request(app).get('/api/ibexa/v2/content/objects/1').set({ Accept: vnd('Content'), Authorization: ADMIN, 'X-Request-Id': 'proxy-id-42' });
          expect([given.status, given.headers['x-request-id']]).toEqual([200, 'proxy-id-42']);
          const generated = await request(app).get('/api/ibexa/v2/content/objects/1').set({ Accept: vnd('Content') });
          expect(generated.headers['x-request-id']).toMatch(UUID);
          const healthz = await request(app).get('/healthz');
          expect(healthz.headers['x-request-id']).toMatch(UUID);
          expect(healthz.headers['x-request-id']).not.toBe(generated.headers['x-request-id']);

          const requestLines = lines.filter((line) => line['msg'] === 'request');
          expect(requestLines).toHaveLength(3);
          expect(requestLines[0]).toMatchObject({
            level: 30,
            reqId: 'proxy-id-42',
            userId: ADMIN_ID,
            method: 'GET',
            url: '/api/ibexa/v2/content/objects/1',
            route: '/api/ibexa/v2/content/objects/{contentId:id}',
            status: 200,
          });
          expect(typeof requestLines[0]?.['ms']).toBe('number');
          expect(requestLines[1]).toMatchObject({ reqId: generated.headers['x-request-id'], userId: ANONYMOUS_ID, route: '/api/ibexa/v2/content/objects/{contentId:id}' });
          expect(requestLines[2]).toMatchObject({ reqId: healthz.headers['x-request-id'], route: '/healthz', status: 200 });
          expect(requestLines[2]).not.toHaveProperty('userId');
          // Unknown paths are one label, never the path.
          await request(app).get('/no/such/path/123');
          expect(lines.at(-1)).toMatchObject({ msg: 'request', route: 'unmatched', status: 404, url: '/no/such/path/123' });
        } finally {
          await server.stop();
        }
      },
      60_000,
    );

    (engine.skipReason === undefined ? it : it.skip)(
      `a line logged while serving a request (a 500's error, a warning of the readiness check) carries its request id, on ${engine.name}${engine.skipReason ? ` (skipped: ${engine.skipReason})` : ''}`,
      async () => {
        const { logger, lines } = await capturingLogger();
        const server = await startTestServer({}, engine, { logger });
        let closed = false;
        try {
          const app = server.app.express;
          await server.app.close();
          closed = true;
          lines.length = 0;
          const failed = await request(app).get('/api/ibexa/v2/content/objects/1').set({ Accept: vnd('Content'), Authorization: ADMIN, 'X-Request-Id': 'failing-read' });
          // SQLite: an unexpected error (500); PostgreSQL: the pool is gone, the database unavailable (503).
          expect(failed.status).toBe(engine.name === 'SQLite' ? 500 : 503);
          const readiness = await request(app).get('/readyz').set('X-Request-Id', 'readiness-probe');
          expect(readiness.status).toBe(503);

          const ofFailed = lines.filter((line) => line['reqId'] === 'failing-read');
          // The error logged where it happened (SQLite: the REST adapter's; PostgreSQL: the login throttle's, whose
          // counters are in the database), then the request line.
          expect(ofFailed.map((line) => [line['level'], line['msg']])).toEqual([
            [50, engine.name === 'SQLite' ? 'REST request failed' : 'Login throttling unavailable: the failed-login counters cannot be reached'],
            [50, 'request failed'],
          ]);
          expect(ofFailed.every((line) => line['userId'] === undefined || line['userId'] === ADMIN_ID)).toBe(true);
          const ofProbe = lines.filter((line) => line['reqId'] === 'readiness-probe');
          expect(ofProbe.map((line) => [line['level'], line['msg']])).toEqual([
            [40, 'Not ready: the database does not answer'],
            [50, 'request failed'],
          ]);
          // Lines logged outside any request carry no request id.
          logger.info('outside');
          expect(lines.at(-1)).not.toHaveProperty('reqId');
        } finally {
          await server.stop().catch((error: unknown) => {
            if (!closed) throw error;
          });
        }
      },
      60_000,
    );
  }

  it('replaces an X-Request-Id that is too long, has spaces or unprintable characters, or is repeated (joined with spaces)', async () => {
    const { logger, lines } = await capturingLogger();
    const server = await startTestServer({}, undefined, { logger });
    try {
      const app = server.app.express;
      const longest = 'a'.repeat(200);
      expect((await request(app).get('/healthz').set('X-Request-Id', longest)).headers['x-request-id']).toBe(longest);
      // Node joins a repeated header's values with ', ' (a space: replaced too).
      for (const id of ['a'.repeat(201), 'two words', 'tab\there', 'é-accent', 'one, two']) {
        const answer = await request(app).get('/healthz').set('X-Request-Id', id);
        expect(answer.headers['x-request-id']).toMatch(UUID);
      }
      expect(lines.filter((line) => line['msg'] === 'request').map((line) => line['reqId'])).not.toContain('two words');
    } finally {
      await server.stop();
    }
  });
});

describe('LOG_FORMAT=pretty', () => {
  it('writes readable lines instead of JSON, with the request id', async () => {
    let text = '';
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    });
    const logger = await createLogger({ level: 'info', format: 'pretty', destination });
    const server = await startTestServer({}, undefined, { logger });
    try {
      await request(server.app.express).get('/healthz').set('X-Request-Id', 'pretty-line');
    } finally {
      await server.stop();
    }
    const line = text.split('\n').find((candidate) => candidate.includes('request'));
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO \(\d+\): request$/);
    expect(text).toContain('reqId: "pretty-line"');
    expect(text).toContain('route: "/healthz"');
    expect(() => JSON.parse(line ?? '')).toThrow();
  });
});

describe('route labels', () => {
  it('are route patterns or mount paths below BASE_PATH, never paths with ids', async () => {
    const { logger, lines } = await capturingLogger();
    const server = await startTestServer({ BASE_PATH: '/cms' }, undefined, { logger });
    try {
      const app = server.app.express;
      const cases: [() => request.Test, string][] = [
        [() => request(app).get('/cms/api/ibexa/v2/content/objects/1').set('Accept', vnd('Content')), '/cms/api/ibexa/v2/content/objects/{contentId:id}'],
        [() => request(app).get('/cms/api/ibexa/v2/content/locations/1/2/children').set('Accept', vnd('LocationList')), '/cms/api/ibexa/v2/content/locations/{locationPath:locationPath}/children'],
        [() => request(app).get('/cms/api/ibexa/v2/no/such/route/7'), '/cms/api/ibexa/v2'],
        [() => request(app).post('/cms/graphql').send({ query: '{ __typename }' }), '/cms/graphql/'],
        [() => request(app).get('/cms/admin/content/7'), '/cms/admin/{*rest}'],
        [() => request(app).get('/cms/healthz'), '/cms/healthz'],
        [() => request(app).get('/cms/login'), '/cms/login'],
        [() => request(app).get('/cms/var/site/storage/images/7/a.png'), '/cms/var/site/storage/*path'],
        [() => request(app).get('/elsewhere/7'), 'unmatched'],
      ];
      const labels: string[] = [];
      for (const [send] of cases) {
        lines.length = 0;
        await send();
        labels.push(String(lines.find((line) => line['msg'] === 'request' || line['msg'] === 'request failed')?.['route']));
      }
      expect(labels).toEqual(cases.map(([, label]) => label));
    } finally {
      await server.stop();
    }
  }, 60_000);
});
