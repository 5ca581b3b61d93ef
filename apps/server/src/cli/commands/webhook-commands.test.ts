import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createPersistence, type Persistence } from '@contentrepo/persistence';
import { CliError } from '../cli-errors.js';
import { formatDeliveries, formatWebhooks, webhookAdd, webhookDeliveries, webhookList, webhookRemove } from './webhook-commands.js';

describe('the webhook commands', () => {
  let dataDir = '';
  let store: Persistence;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-webhook-commands-'));
    store = await createPersistence({ dataDir });
  });
  afterAll(async () => {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('adds, lists, shows the deliveries of and removes webhooks', async () => {
    const { webhook, generatedSecret } = await webhookAdd(store.webhooks, { url: ' https://hooks.example.com/a ', events: 'content.*, user.created' });
    expect(webhook).toMatchObject({ url: 'https://hooks.example.com/a', events: ['content.*', 'user.created'], enabled: true });
    expect(generatedSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(webhook.secretHint).toBe(`…${generatedSecret?.slice(-4) ?? ''}`);
    const given = await webhookAdd(store.webhooks, { url: 'http://127.0.0.1:9/b', events: ['*'], secret: 'a-secret-of-16-chars' });
    expect(given.generatedSecret).toBeNull();

    expect((await webhookList(store.webhooks)).map((hook) => hook.id)).toEqual([webhook.id, given.webhook.id]);
    expect(formatWebhooks(await webhookList(store.webhooks))).toContain('https://hooks.example.com/a  content.*,user.created');
    const page = await webhookDeliveries(store.webhooks, String(webhook.id), { status: 'failed' });
    expect(page).toEqual({ totalCount: 0, items: [] });
    expect(formatDeliveries(page)).toBe('0 of 0 deliveries');

    await webhookRemove(store.webhooks, String(given.webhook.id));
    expect((await webhookList(store.webhooks)).map((hook) => hook.id)).toEqual([webhook.id]);
  });

  it('refuses bad input (exit code 6) and unknown webhooks (exit code 4), changing nothing', async () => {
    const before = (await webhookList(store.webhooks)).length;
    const refused = async (work: Promise<unknown>): Promise<number> => {
      try {
        await work;
      } catch (error) {
        if (error instanceof CliError) return error.exitCode;
        throw error;
      }
      throw new Error('not refused');
    };
    expect(await refused(webhookAdd(store.webhooks, { url: 'ftp://example.com', events: '*' }))).toBe(6);
    expect(await refused(webhookAdd(store.webhooks, { url: 'http://127.0.0.1:9/', events: ' , ' }))).toBe(6);
    expect(await refused(webhookAdd(store.webhooks, { url: 'http://127.0.0.1:9/', events: '*', secret: 'short' }))).toBe(6);
    expect(await refused(webhookRemove(store.webhooks, 'abc'))).toBe(6);
    expect(await refused(webhookRemove(store.webhooks, '999999'))).toBe(4);
    expect(await refused(webhookDeliveries(store.webhooks, '999999'))).toBe(4);
    expect(await refused(webhookDeliveries(store.webhooks, '1', { status: 'lost' }))).toBe(6);
    expect(await refused(webhookDeliveries(store.webhooks, '1', { limit: 0 }))).toBe(6);
    expect((await webhookList(store.webhooks)).length).toBe(before);
  });
});
