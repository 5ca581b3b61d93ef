import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createPersistence, type Persistence } from '@contentrepo/persistence';
import { createOpenApiDocument } from '@contentrepo/rest-adapter';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { appendNumberedEvent, dropTestSchema, whileNoTestSchemaIsDropped, type RawQuery } from '@contentrepo/persistence/testing';
import { pino } from 'pino';
import { createApp, type App } from '../src/app.js';
import { loadConfig } from '../src/server-config.js';
import { verifyWebhookSignature } from '../src/webhooks/signature.js';
import { call, type Credentials } from './support/rest-session.js';
import { parseXml, testEngines, vnd, type TestEngine } from './support/test-server.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

const ADMIN: Credentials = { basic: ['admin', 'publish'] };
const EDITOR: Credentials = { basic: ['webhook-editor', 'Editor-Passw0rd'] };
const SECRET = 'test-secret-0123456789abcdef';
/**
 * Fast retries: 150 ms, then 300 ms; 3 tries in all. A long timeout: the receiver runs in the test's process, whose
 * event loop a loaded machine can hold up for seconds; a try given up on while the receiver got it would be sent
 * again (as it must), and the counts below would no longer be exact.
 */
const ENV = { WEBHOOK_POLL_MS: '50', WEBHOOK_RETRY_DELAYS_MS: '150,300', WEBHOOK_MAX_ATTEMPTS: '3', WEBHOOK_TIMEOUT_MS: '60000' };
const WAIT_MS = 15_000;

/** Server nodes (apps) on one new database, with raw SQL on it. */
interface Nodes {
  readonly apps: readonly App[];
  readonly query: RawQuery;
  stop(): Promise<void>;
}

/** `count` apps on one fresh database of `engine` (PostgreSQL: one new schema; SQLite: one data directory). */
async function startNodes(engine: TestEngine, count: number, env: Record<string, string> = ENV): Promise<Nodes> {
  const { databaseUrl } = engine;
  const schema = databaseUrl === undefined ? undefined : `test_${randomBytes(6).toString('hex')}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-webhooks-'));
  const config = loadConfig({ DATA_DIR: dataDir, AUTH_BASIC: 'true', ...env, ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema }) });
  const stores: Persistence[] = [];
  const apps: App[] = [];
  const stop = async (): Promise<void> => {
    for (const app of apps) await app.close();
    if (databaseUrl !== undefined && schema !== undefined) await dropTestSchema(databaseUrl, schema);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await whileNoTestSchemaIsDropped(databaseUrl, async () => {
      for (let index = 0; index < count; index += 1) {
        const store = await createPersistence({ databaseUrl, schema, dataDir, migrate: false });
        stores.push(store);
        apps.push(await createApp(config, { store, logger: pino({ level: 'silent' }) }));
      }
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const [first] = stores;
  if (!first) throw new Error('no node started');
  return { apps, query: (sql, bindings) => first.knex.raw(sql, [...bindings]), stop };
}

/** The first row's `n` of a knex `raw` result (an array on SQLite, `{ rows }` on PostgreSQL). */
function countIn(result: unknown): number {
  const rows: unknown = Array.isArray(result) ? result : typeof result === 'object' && result !== null ? Reflect.get(result, 'rows') : undefined;
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  return Number(typeof first === 'object' && first !== null ? Reflect.get(first, 'n') : NaN);
}

/** Registers a webhook through REST as the administrator; returns its id. */
async function register(app: App, url: string, events: readonly string[], secret = SECRET): Promise<number> {
  const reply = await call(app.express, ADMIN, { method: 'POST', path: '/webhooks', input: 'WebhookCreate', accept: 'Webhook', body: { WebhookCreate: { url, events, secret } } });
  expect(reply.status).toBe(201);
  return reply.body.Webhook.id as number;
}

/** The delivery log of a webhook through REST. */
async function deliveryLog(app: App, webhookId: number, query = ''): Promise<{ totalCount: number; WebhookDelivery: Record<string, unknown>[] }> {
  const reply = await call(app.express, ADMIN, { method: 'GET', path: `/webhooks/${webhookId}/deliveries${query}`, accept: 'WebhookDeliveryList' });
  expect(reply.status).toBe(200);
  return reply.body.WebhookDeliveryList;
}

for (const engine of testEngines()) {
  (engine.skipReason === undefined ? describe : describe.skip)(`Webhooks (${engine.name}${engine.skipReason ? `, skipped: ${engine.skipReason}` : ''})`, () => {
    let nodes: Nodes;
    let app: App;
    const receiver = new WebhookReceiver();

    beforeAll(async () => {
      await receiver.listen();
      nodes = await startNodes(engine, 1);
      const [first] = nodes.apps;
      if (!first) throw new Error('no app');
      app = first;
    }, 60_000);
    afterAll(async () => {
      await nodes?.stop();
      await receiver.close();
    });

    it('registers, reads, changes and removes webhooks through REST in JSON and XML; the secret is never answered', async () => {
      const created = await call(app.express, ADMIN, {
        method: 'POST',
        path: '/webhooks',
        input: 'WebhookCreate',
        accept: 'Webhook',
        body: { WebhookCreate: { url: 'https://hooks.example.com/in', events: ['content.*', 'user.created'], secret: SECRET } },
      });
      expect(created.status).toBe(201);
      const id = created.body.Webhook.id as number;
      expect(created.headers['location']).toBe(`/api/ibexa/v2/webhooks/${id}`);
      expect(created.body.Webhook).toMatchObject({ _href: `/api/ibexa/v2/webhooks/${id}`, url: 'https://hooks.example.com/in', events: ['content.*', 'user.created'], enabled: true, secretHint: '…cdef' });
      expect(created.text).not.toContain(SECRET);

      const xml = await call(app.express, ADMIN, { method: 'GET', path: `/webhooks/${id}`, format: 'xml', accept: 'Webhook' });
      expect(xml.status).toBe(200);
      expect(xml.headers['content-type']).toBe(vnd('Webhook', 'xml'));
      expect(await parseXml(xml.text)).toMatchObject({ Webhook: { url: 'https://hooks.example.com/in', event: ['content.*', 'user.created'], enabled: 'true' } });
      expect(xml.text).not.toContain(SECRET);

      const patched = await call(app.express, ADMIN, {
        method: 'PATCH',
        path: `/webhooks/${id}`,
        input: 'WebhookUpdate',
        format: 'xml',
        body: '<?xml version="1.0" encoding="UTF-8"?><WebhookUpdate><enabled>false</enabled><events>content.published, location.*</events></WebhookUpdate>',
      });
      expect(patched.status).toBe(200);
      expect(await parseXml(patched.text)).toMatchObject({ Webhook: { enabled: 'false', event: ['content.published', 'location.*'] } });

      const fromXml = await call(app.express, ADMIN, {
        method: 'POST',
        path: '/webhooks',
        input: 'WebhookCreate',
        format: 'xml',
        body: `<?xml version="1.0" encoding="UTF-8"?><WebhookCreate><url>http://127.0.0.1:9/xml</url><event>test.one</event><event>test.two</event><secret>${SECRET}</secret></WebhookCreate>`,
      });
      expect(fromXml.status).toBe(201);
      expect(await parseXml(fromXml.text)).toMatchObject({ Webhook: { url: 'http://127.0.0.1:9/xml', event: ['test.one', 'test.two'], enabled: 'true' } });
      const single = await call(app.express, ADMIN, { method: 'POST', path: '/webhooks', input: 'WebhookCreate', accept: 'Webhook', body: { WebhookCreate: { url: 'http://127.0.0.1:9/one', events: 'test.one', secret: SECRET, enabled: false } } });
      expect(single.body.Webhook).toMatchObject({ events: ['test.one'], enabled: false });
      for (const location of [fromXml.headers['location'], single.headers['location']]) {
        expect((await call(app.express, ADMIN, { method: 'DELETE', path: String(location).replace('/api/ibexa/v2', '') })).status).toBe(204);
      }

      const list = await call(app.express, ADMIN, { method: 'GET', path: '/webhooks', accept: 'WebhookList' });
      expect((list.body.WebhookList.Webhook as { id: number }[]).map((hook) => hook.id)).toContain(id);
      expect(list.text).not.toContain(SECRET);

      expect((await call(app.express, ADMIN, { method: 'DELETE', path: `/webhooks/${id}` })).status).toBe(204);
      const gone = await call(app.express, ADMIN, { method: 'GET', path: `/webhooks/${id}` });
      expect([gone.status, gone.body.ErrorMessage.errorCode]).toEqual([404, 404]);
      expect((await call(app.express, ADMIN, { method: 'DELETE', path: `/webhooks/${id}` })).status).toBe(404);
      expect((await call(app.express, ADMIN, { method: 'GET', path: `/webhooks/${id}/deliveries` })).status).toBe(404);
    });

    it('answers the bodies the REST reference describes', async () => {
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      ajv.addSchema({ ...createOpenApiDocument({ serverUrl: '/api/ibexa/v2' }), $id: 'openapi.json' } as object);
      const matches = (name: string, body: unknown): unknown => {
        const validate = ajv.compile({ type: 'object', properties: { [name]: { $ref: `openapi.json#/components/schemas/${name}` } }, required: [name], additionalProperties: false });
        return validate(body) ? true : validate.errors;
      };
      receiver.answer('/described', [500]);
      const id = await register(app, receiver.url('/described'), ['test.described']);
      await appendNumberedEvent(nodes.query, { type: 'test.described' });
      app.webhooks?.wake();
      await receiver.until(() => receiver.hitsOf('/described').length >= 1, WAIT_MS, 'no try was made');
      await receiver.until(async () => (await deliveryLog(app, id)).WebhookDelivery[0]?.['attempts'] === 1, WAIT_MS, 'the try is not logged');
      const log = await call(app.express, ADMIN, { method: 'GET', path: `/webhooks/${id}/deliveries`, accept: 'WebhookDeliveryList' });
      const deliveryId = log.body.WebhookDeliveryList.WebhookDelivery[0].id as number;
      const replies: [string, unknown][] = [
        ['Webhook', (await call(app.express, ADMIN, { method: 'GET', path: `/webhooks/${id}` })).body],
        ['WebhookList', (await call(app.express, ADMIN, { method: 'GET', path: '/webhooks' })).body],
        ['WebhookDeliveryList', log.body],
        ['WebhookDelivery', (await call(app.express, ADMIN, { method: 'GET', path: `/webhooks/${id}/deliveries/${deliveryId}` })).body],
        ['WebhookDelivery', (await call(app.express, ADMIN, { method: 'POST', path: `/webhooks/${id}/deliveries/${deliveryId}/retry` })).body],
      ];
      for (const [name, body] of replies) expect([name, matches(name, body)]).toEqual([name, true]);
      // A renamed member does not pass: the check can fail.
      expect(matches('Webhook', { Webhook: { ...(replies[0]?.[1] as { Webhook: object }).Webhook, secret: 'x' } })).not.toBe(true);
      await call(app.express, ADMIN, { method: 'DELETE', path: `/webhooks/${id}` });
    });

    it('refuses bad webhooks with a 400 ErrorMessage and registers nothing', async () => {
      const before = (await call(app.express, ADMIN, { method: 'GET', path: '/webhooks' })).body.WebhookList.Webhook.length as number;
      const bad = [
        { url: 'ftp://example.com/in', events: ['*'], secret: SECRET },
        { url: 'file:///etc/passwd', events: ['*'], secret: SECRET },
        { url: 'not a url', events: ['*'], secret: SECRET },
        { url: 'http://127.0.0.1:9/in', events: [], secret: SECRET },
        { url: 'http://127.0.0.1:9/in', events: ['content published'], secret: SECRET },
        { url: 'http://127.0.0.1:9/in', events: [7], secret: SECRET },
        { url: 'http://127.0.0.1:9/in', events: ['*'], secret: 'short' },
        { url: 'http://127.0.0.1:9/in', secret: SECRET },
        { events: ['*'], secret: SECRET },
      ];
      for (const body of bad) {
        const reply = await call(app.express, ADMIN, { method: 'POST', path: '/webhooks', input: 'WebhookCreate', body: { WebhookCreate: body } });
        expect([JSON.stringify(body), reply.status, reply.body?.ErrorMessage?.errorCode]).toEqual([JSON.stringify(body), 400, 400]);
      }
      const wrongType = await call(app.express, ADMIN, { method: 'POST', path: '/webhooks', input: 'SectionInput', body: { SectionInput: {} } });
      expect(wrongType.status).toBe(400);
      const id = await register(app, receiver.url('/unused'), ['test.never']);
      const patch = await call(app.express, ADMIN, { method: 'PATCH', path: `/webhooks/${id}`, input: 'WebhookUpdate', body: { WebhookUpdate: { url: 'gopher://x' } } });
      expect(patch.status).toBe(400);
      expect((await call(app.express, ADMIN, { method: 'GET', path: `/webhooks/${id}` })).body.Webhook.url).toBe(receiver.url('/unused'));
      const badQuery = await call(app.express, ADMIN, { method: 'GET', path: `/webhooks/${id}/deliveries?status=lost` });
      expect(badQuery.status).toBe(400);
      const after = (await call(app.express, ADMIN, { method: 'GET', path: '/webhooks' })).body.WebhookList.Webhook.length as number;
      expect(after).toBe(before + 1);
      await call(app.express, ADMIN, { method: 'DELETE', path: `/webhooks/${id}` });
    });

    it('lets administrators only manage webhooks: 401 for the anonymous user, 403 for an editor', async () => {
      const user = await call(app.express, ADMIN, {
        method: 'POST',
        path: '/user/groups/1/5/14/users',
        input: 'UserCreate',
        body: {
          UserCreate: {
            mainLanguageCode: 'eng-GB',
            login: 'webhook-editor',
            email: 'webhook-editor@example.com',
            password: 'Editor-Passw0rd',
            fields: { field: [{ fieldDefinitionIdentifier: 'first_name', fieldValue: 'Web' }, { fieldDefinitionIdentifier: 'last_name', fieldValue: 'Hook' }] },
          },
        },
      });
      expect(user.status).toBe(201);
      const id = await register(app, receiver.url('/guarded'), ['test.guarded']);
      const calls = [
        { method: 'GET', path: '/webhooks' },
        { method: 'POST', path: '/webhooks', input: 'WebhookCreate', body: { WebhookCreate: { url: receiver.url('/x'), events: ['*'], secret: SECRET } } },
        { method: 'GET', path: `/webhooks/${id}` },
        { method: 'PATCH', path: `/webhooks/${id}`, input: 'WebhookUpdate', body: { WebhookUpdate: { enabled: false } } },
        { method: 'DELETE', path: `/webhooks/${id}` },
        { method: 'GET', path: `/webhooks/${id}/deliveries` },
        { method: 'POST', path: `/webhooks/${id}/deliveries/1/retry` },
      ];
      for (const spec of calls) {
        expect([spec.method, spec.path, (await call(app.express, null, spec)).status]).toEqual([spec.method, spec.path, 401]);
        const editor = await call(app.express, EDITOR, spec);
        expect([spec.method, spec.path, editor.status, editor.body?.ErrorMessage?.errorCode]).toEqual([spec.method, spec.path, 403, 403]);
      }
      expect((await call(app.express, ADMIN, { method: 'GET', path: `/webhooks/${id}` })).body.Webhook.enabled).toBe(true);
      await call(app.express, ADMIN, { method: 'DELETE', path: `/webhooks/${id}` });
    });

    it('delivers each numbered event, signed, to the webhooks whose events match, once', async () => {
      const all = await register(app, receiver.url('/all'), ['test.*']);
      const published = await register(app, receiver.url('/published'), ['test.published']);
      const seqPublished = await appendNumberedEvent(nodes.query, { type: 'test.published', payload: { contentId: 57, versionNo: 2 }, userId: 14 });
      const seqDeleted = await appendNumberedEvent(nodes.query, { type: 'test.deleted', payload: { contentId: 58 } });
      app.webhooks?.wake();
      await receiver.until(() => receiver.hitsOf('/all').length >= 2 && receiver.hitsOf('/published').length >= 1, WAIT_MS, 'the events were not delivered');

      const [hit] = receiver.hitsOf('/published');
      if (!hit) throw new Error('no hit');
      expect(JSON.parse(hit.body)).toEqual({ id: seqPublished, type: 'test.published', occurredAt: expect.any(String), userId: 14, payload: { contentId: 57, versionNo: 2 } });
      expect(hit.headers['content-type']).toBe('application/json');
      expect(hit.headers['x-contentrepo-event']).toBe('test.published');
      expect(hit.headers['x-contentrepo-delivery']).toMatch(/^\d+$/);
      const timestamp = String(hit.headers['x-contentrepo-timestamp']);
      const signature = String(hit.headers['x-contentrepo-signature']);
      expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(verifyWebhookSignature(SECRET, hit.body, timestamp, signature)).toBe(true);
      // The signature covers the secret, the body and the timestamp.
      expect(verifyWebhookSignature('another-secret-0123456789', hit.body, timestamp, signature)).toBe(false);
      expect(verifyWebhookSignature(SECRET, hit.body.replace('57', '58'), timestamp, signature)).toBe(false);
      expect(verifyWebhookSignature(SECRET, hit.body, String(Number(timestamp) + 1), signature)).toBe(false);
      expect(verifyWebhookSignature(SECRET, hit.body, timestamp, signature, { nowSeconds: Number(timestamp) + 301 })).toBe(false);

      expect(receiver.hitsOf('/all').map((one) => (JSON.parse(one.body) as { id: number }).id).sort((a, b) => a - b)).toEqual([seqPublished, seqDeleted]);
      const log = await deliveryLog(app, published);
      expect(log.totalCount).toBe(1);
      expect(log.WebhookDelivery[0]).toMatchObject({ eventId: seqPublished, eventType: 'test.published', status: 'delivered', attempts: 1, lastStatus: 200, lastError: null });
      // Nothing more arrives: each event went out once.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.hitsOf('/all')).toHaveLength(2);
      expect(receiver.hitsOf('/published')).toHaveLength(1);
      for (const id of [all, published]) await call(app.express, ADMIN, { method: 'DELETE', path: `/webhooks/${id}` });
    });

    it('retries a refused delivery with growing waits until the receiver accepts it', async () => {
      receiver.answer('/flaky', [500, 503]);
      const id = await register(app, receiver.url('/flaky'), ['test.flaky']);
      const seq = await appendNumberedEvent(nodes.query, { type: 'test.flaky' });
      app.webhooks?.wake();
      await receiver.until(() => receiver.hitsOf('/flaky').some((hit) => hit.status === 200), WAIT_MS, 'the flaky delivery never succeeded');
      const hits = receiver.hitsOf('/flaky');
      expect(hits.map((hit) => hit.status)).toEqual([500, 503, 200]);
      // The same delivery each time, with the same body, each try signed afresh.
      expect(new Set(hits.map((hit) => hit.headers['x-contentrepo-delivery'])).size).toBe(1);
      expect(new Set(hits.map((hit) => hit.body)).size).toBe(1);
      for (const hit of hits) expect(verifyWebhookSignature(SECRET, hit.body, String(hit.headers['x-contentrepo-timestamp']), String(hit.headers['x-contentrepo-signature']))).toBe(true);
      // Waits of 150 ms then 300 ms (±20 %) between the tries.
      const [t0 = 0, t1 = 0, t2 = 0] = hits.map((hit) => hit.at);
      expect(t1 - t0).toBeGreaterThanOrEqual(115);
      expect(t2 - t1).toBeGreaterThanOrEqual(235);
      await receiver.until(async () => (await deliveryLog(app, id)).WebhookDelivery[0]?.['status'] === 'delivered', WAIT_MS, 'the log does not show the delivery');
      expect((await deliveryLog(app, id)).WebhookDelivery[0]).toMatchObject({ eventId: seq, status: 'delivered', attempts: 3, lastStatus: 200, lastError: null });
      await call(app.express, ADMIN, { method: 'DELETE', path: `/webhooks/${id}` });
    });

    it('gives up after the last try, logs why, and delivers again when asked to', async () => {
      receiver.answer('/down', [500, 502, 500]);
      const id = await register(app, receiver.url('/down'), ['test.down']);
      const seq = await appendNumberedEvent(nodes.query, { type: 'test.down' });
      app.webhooks?.wake();
      await receiver.until(async () => (await deliveryLog(app, id, '?status=failed')).totalCount === 1, WAIT_MS, 'the delivery did not fail');
      const [failed] = (await deliveryLog(app, id, '?status=failed')).WebhookDelivery;
      expect(failed).toMatchObject({ eventId: seq, status: 'failed', attempts: 3, lastStatus: 500, lastError: 'HTTP 500', deliveredAt: null });
      expect(receiver.hitsOf('/down')).toHaveLength(3);
      expect((await deliveryLog(app, id, '?status=pending')).totalCount).toBe(0);

      const deliveryId = failed?.['id'] as number;
      const one = await call(app.express, ADMIN, { method: 'GET', path: `/webhooks/${id}/deliveries/${deliveryId}`, accept: 'WebhookDelivery' });
      expect(one.body.WebhookDelivery).toMatchObject({ id: deliveryId, status: 'failed', Webhook: { _href: `/api/ibexa/v2/webhooks/${id}` } });
      expect((await call(app.express, ADMIN, { method: 'POST', path: `/webhooks/${id}/deliveries/${deliveryId + 100_000}/retry` })).status).toBe(404);
      const retried = await call(app.express, ADMIN, { method: 'POST', path: `/webhooks/${id}/deliveries/${deliveryId}/retry`, accept: 'WebhookDelivery' });
      expect(retried.status).toBe(202);
      expect(retried.body.WebhookDelivery).toMatchObject({ status: 'pending', attempts: 0 });
      await receiver.until(() => receiver.hitsOf('/down').length === 4, WAIT_MS, 'the redelivery did not arrive');
      await receiver.until(async () => (await deliveryLog(app, id)).WebhookDelivery[0]?.['status'] === 'delivered', WAIT_MS, 'the redelivery is not logged');
      expect((await deliveryLog(app, id)).WebhookDelivery[0]).toMatchObject({ status: 'delivered', attempts: 1, lastStatus: 200 });
      await call(app.express, ADMIN, { method: 'DELETE', path: `/webhooks/${id}` });
    });
  });
}

const postgres = testEngines().find((engine) => engine.name === 'PostgreSQL');
(postgres?.skipReason === undefined ? describe : describe.skip)(
  `Webhooks on several nodes (PostgreSQL${postgres?.skipReason ? `, skipped: ${postgres.skipReason}` : ''})`,
  () => {
    it('delivers each event once when two nodes on one schema deliver at the same time', async () => {
      if (!postgres) throw new Error('no PostgreSQL engine');
      const receiver = new WebhookReceiver();
      await receiver.listen();
      const nodes = await startNodes(postgres, 2, { ...ENV, WEBHOOK_CONCURRENCY: '4', WEBHOOK_POLL_MS: '20' });
      try {
        const [first, second] = nodes.apps;
        if (!first || !second) throw new Error('two apps expected');
        await register(first, receiver.url('/race'), ['test.race']);
        const count = 60;
        const seqs: number[] = [];
        for (let index = 0; index < count; index += 1) {
          seqs.push(await appendNumberedEvent(nodes.query, { type: 'test.race', payload: { index } }));
          first.webhooks?.wake();
          second.webhooks?.wake();
        }
        await receiver.until(() => receiver.hits.length >= count, 30_000, 'not every event was delivered');
        await new Promise((resolve) => setTimeout(resolve, 500));
        const ids = receiver.hits.map((hit) => (JSON.parse(hit.body) as { id: number }).id);
        expect(ids).toHaveLength(count);
        expect([...ids].sort((a, b) => a - b)).toEqual(seqs);
        expect(new Set(receiver.hits.map((hit) => hit.headers['x-contentrepo-delivery'])).size).toBe(count);
        // Each delivery was tried once, by one of the nodes.
        const attempts = await nodes.query('SELECT COUNT(*) AS n FROM webhook_delivery WHERE attempts = 1 AND status = ?', ['delivered']);
        expect(countIn(attempts)).toBe(count);
      } finally {
        await nodes.stop();
        await receiver.close();
      }
    }, 60_000);
  },
);
