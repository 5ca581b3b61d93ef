import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { appendNumberedEvent, dropTestSchema, rawConnection, whileNoTestSchemaIsDropped } from '@contentrepo/persistence/testing';
import { verifyWebhookSignature } from '../src/webhooks/signature.js';
import { ServerProcess, START_TIMEOUT_MS } from './support/multi-node-cluster.js';
import { bundleServer } from './support/server-bundle.js';
import { testEngines } from './support/test-server.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

const SECRET = 'crash-test-secret-0123456789';
const WAIT_MS = 20_000;

/** Creates a folder under the root location and publishes it over REST; returns its content id. */
async function createAndPublishFolder(base: string, auth: string): Promise<number> {
  const created = await fetch(`${base}/content/objects`, {
    method: 'POST',
    headers: { Authorization: auth, Accept: 'application/json', 'Content-Type': 'application/vnd.ibexa.api.ContentCreate+json' },
    body: JSON.stringify({
      ContentCreate: {
        ContentType: { _href: '/api/ibexa/v2/content/types/1' },
        mainLanguageCode: 'eng-GB',
        LocationCreate: { ParentLocation: { _href: '/api/ibexa/v2/content/locations/2' }, sortField: 'PATH', sortOrder: 'ASC' },
        fields: { field: [{ fieldDefinitionIdentifier: 'name', languageCode: 'eng-GB', fieldValue: 'Crash test' }] },
      },
    }),
  });
  expect(created.status).toBe(201);
  const content = ((await created.json()) as { Content: { _id: number | string; _href: string } }).Content;
  const published = await fetch(`${base.replace(/\/api\/ibexa\/v2$/, '')}${content._href}/versions/1`, {
    method: 'POST',
    headers: { Authorization: auth, 'X-HTTP-Method-Override': 'PUBLISH' },
  });
  expect(published.status).toBe(204);
  return Number(content._id);
}

for (const engine of testEngines()) {
  (engine.skipReason === undefined ? describe : describe.skip)(`Webhooks after a crash (${engine.name}${engine.skipReason ? `, skipped: ${engine.skipReason}` : ''})`, () => {
    const { databaseUrl } = engine;
    const schema = databaseUrl === undefined ? undefined : `test_${randomBytes(6).toString('hex')}`;
    let dir = '';
    let main = '';
    let dataDir = '';
    const processes: ServerProcess[] = [];
    const receiver = new WebhookReceiver();

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'contentrepo-crash-'));
      dataDir = join(dir, 'data');
      main = join(dir, 'contentrepo-server.mjs');
      await bundleServer(main);
    }, 120_000);
    afterAll(async () => {
      for (const server of processes) await server.kill();
      await receiver.close();
      if (databaseUrl !== undefined && schema !== undefined) await dropTestSchema(databaseUrl, schema);
      await rm(dir, { recursive: true, force: true });
    });

    const start = async (): Promise<{ process: ServerProcess; port: number }> => {
      const child = spawn(process.execPath, ['--enable-source-maps', main], {
        env: {
          PATH: process.env['PATH'] ?? '',
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          AUTH_BASIC: 'true',
          LOG_LEVEL: 'info',
          WEBHOOK_POLL_MS: '50',
          WEBHOOK_RETRY_DELAYS_MS: '200',
          WEBHOOK_MAX_ATTEMPTS: '100',
          WEBHOOK_TIMEOUT_MS: '60000',
          ...(databaseUrl === undefined || schema === undefined ? {} : { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema }),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const server = new ServerProcess('server', child);
      processes.push(server);
      const failure = await whileNoTestSchemaIsDropped(databaseUrl, () => server.started(START_TIMEOUT_MS));
      if (failure !== undefined || server.port === null) throw new Error(`the server did not start (${failure ?? 'no port'}):\n${server.errorLines.join('\n')}`);
      return { process: server, port: server.port };
    };

    it('delivers, exactly once and signed, the events committed before the server was killed and while it was down', async () => {
      // A port for the receiver, which does not listen yet: every try fails until it does.
      const receiverPort = await receiver.listen();
      await receiver.close();
      const first = await start();
      const base = `http://127.0.0.1:${first.port}/api/ibexa/v2`;
      const auth = `Basic ${Buffer.from('admin:publish').toString('base64')}`;
      const created = await fetch(`${base}/webhooks`, {
        method: 'POST',
        headers: { Authorization: auth, Accept: 'application/json', 'Content-Type': 'application/vnd.ibexa.api.WebhookCreate+json' },
        body: JSON.stringify({ WebhookCreate: { url: `http://127.0.0.1:${receiverPort}/hook`, events: ['content.published', 'test.crash.*'], secret: SECRET } }),
      });
      expect(created.status).toBe(201);
      const webhookId = ((await created.json()) as { Webhook: { id: number } }).Webhook.id;

      const sql = rawConnection({ databaseUrl, dataDir, schema });
      try {
        // A real change: a folder created and published over REST records `content.published` in its transaction.
        const contentId = await createAndPublishFolder(base, auth);
        const seqOf = async (): Promise<number> =>
          (await sql.query("SELECT seq FROM domain_event WHERE type = 'content.published' ORDER BY id DESC", []))[0]?.intOrNull('seq') ?? 0;
        // Numbered at commit on SQLite, by the relay just after it on PostgreSQL.
        let before = await seqOf();
        for (const deadline = Date.now() + WAIT_MS; before === 0 && Date.now() < deadline; before = await seqOf()) await sleep(20);
        expect(before).toBeGreaterThan(0);
        // The server has taken the event in hand (a delivery exists and was tried) but could not deliver it.
        const deadline = Date.now() + WAIT_MS;
        let attempts = 0;
        while (attempts < 1 && Date.now() < deadline) {
          await sleep(20);
          attempts = (await sql.query('SELECT MAX(attempts) AS n FROM webhook_delivery WHERE webhook_id = ?', [webhookId]))[0]?.intOrNull('n') ?? 0;
        }
        expect(attempts).toBeGreaterThanOrEqual(1);
        await first.process.kill();
        expect(await first.process.exited).toBe('SIGKILL');

        // Committed while no server runs.
        const during = await appendNumberedEvent(sql.query, { type: 'test.crash.during', payload: { n: 2 } });
        await receiver.listen(receiverPort);
        const second = await start();
        await receiver.until(() => receiver.hits.length >= 2, WAIT_MS, 'the events were not delivered after the restart');
        await sleep(500);

        const bodies = receiver.hits.map((hit) => JSON.parse(hit.body) as { id: number; type: string; payload: { contentId?: number } });
        expect(bodies.map((body) => body.id).sort((a, b) => a - b)).toEqual([before, during]);
        expect(bodies.find((body) => body.id === before)).toMatchObject({ type: 'content.published', payload: { contentId } });
        for (const hit of receiver.hits) {
          expect(hit.status).toBe(200);
          expect(verifyWebhookSignature(SECRET, hit.body, String(hit.headers['x-contentrepo-timestamp']), String(hit.headers['x-contentrepo-signature']))).toBe(true);
        }
        const log = await fetch(`http://127.0.0.1:${second.port}/api/ibexa/v2/webhooks/${webhookId}/deliveries`, { headers: { Authorization: auth, Accept: 'application/json' } });
        const deliveries = ((await log.json()) as { WebhookDeliveryList: { WebhookDelivery: { eventId: number; status: string }[] } }).WebhookDeliveryList.WebhookDelivery;
        expect(deliveries.map((delivery) => [delivery.eventId, delivery.status]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
          [before, 'delivered'],
          [during, 'delivered'],
        ]);
      } finally {
        await sql.close();
      }
    }, 150_000);
  });
}
