import { expect, it } from '@jest/globals';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';
import { insertNumberedEvents } from '../test-support/numbered-events.js';
import { eventMatches, retryDelayMs, type RetryPolicy } from './sql-webhook-store.js';

const T0 = 1_700_000_000_000;
const LEASE = 30_000;
const POLICY: RetryPolicy = { delaysMs: [10_000, 30_000], maxAttempts: 3, jitter: 0 };

it('matches event names against exact names, subject patterns and *', () => {
  expect(eventMatches(['content.*'], 'content.published')).toBe(true);
  expect(eventMatches(['content.*'], 'contentType.published')).toBe(false);
  expect(eventMatches(['user.created'], 'user.created')).toBe(true);
  expect(eventMatches(['user.created'], 'user.deleted')).toBe(false);
  expect(eventMatches(['*'], 'anything')).toBe(true);
  expect(eventMatches([], 'anything')).toBe(false);
});

it('waits longer after each failed try, spread by the jitter, repeating the last wait', () => {
  const policy: RetryPolicy = { delaysMs: [10_000, 30_000, 60_000], maxAttempts: 9, jitter: 0.2 };
  expect([1, 2, 3, 4, 8].map((attempts) => retryDelayMs(policy, attempts, () => 0.5))).toEqual([10_000, 30_000, 60_000, 60_000, 60_000]);
  expect(retryDelayMs(policy, 1, () => 0)).toBe(8_000);
  expect(retryDelayMs(policy, 1, () => 0.999_999)).toBe(12_000);
  expect(() => retryDelayMs(policy, 0)).toThrow(RangeError);
});

describeOnEachDialect(
  'SqlWebhookStore',
  (store) => {
    it('registers, changes and removes webhooks; the secret is never read back', async () => {
      const { webhooks } = store();
      const created = await webhooks.create({ url: 'http://127.0.0.1:9/a', events: ['content.*'], secret: 'a-long-secret-1234' });
      expect(created).toMatchObject({ url: 'http://127.0.0.1:9/a', events: ['content.*'], enabled: true, secretHint: '…1234' });
      expect(JSON.stringify(created)).not.toContain('a-long-secret');
      expect(await webhooks.update(created.id, { enabled: false, events: ['user.created'] })).toMatchObject({ enabled: false, events: ['user.created'], url: 'http://127.0.0.1:9/a' });
      expect(await webhooks.update(created.id + 1000, { enabled: true })).toBeNull();
      expect((await webhooks.list()).map((hook) => hook.id)).toContain(created.id);
      expect(await webhooks.delete(created.id)).toBe(true);
      expect(await webhooks.delete(created.id)).toBe(false);
      expect(await webhooks.load(created.id)).toBeNull();
      expect(await webhooks.deliveries(created.id, { offset: 0, limit: 10 })).toBeNull();
    });

    it('hands each numbered event, in seq order, to the enabled webhooks whose filter matches, once', async () => {
      const { webhooks, query } = store();
      const content = await webhooks.create({ url: 'http://127.0.0.1:9/content', events: ['content.*'], secret: 's' });
      const users = await webhooks.create({ url: 'http://127.0.0.1:9/users', events: ['user.created'], secret: 's' });
      const paused = await webhooks.create({ url: 'http://127.0.0.1:9/paused', events: ['*'], secret: 's', enabled: false });
      await insertNumberedEvents(query, [
        { seq: 2, type: 'user.created', payload: { userId: 14 } },
        { seq: 1, type: 'content.published', payload: { contentId: 57 } },
        { seq: 3, type: 'location.moved' },
        { seq: null, type: 'content.published' },
      ]);
      expect(await webhooks.fanOut(T0, 2)).toBe(2);
      expect(await webhooks.fanOut(T0, 2)).toBe(1);
      expect(await webhooks.fanOut(T0, 2)).toBe(0);
      const seqs = async (id: number): Promise<number[]> => ((await webhooks.deliveries(id, { offset: 0, limit: 10 }))?.items ?? []).map((delivery) => delivery.eventSeq);
      expect(await seqs(content.id)).toEqual([1]);
      expect(await seqs(users.id)).toEqual([2]);
      expect(await seqs(paused.id)).toEqual([]);
      expect((await query("SELECT seq FROM event_cursor WHERE name = 'webhooks'"))[0]?.int('seq')).toBe(3);

      // A later event goes on from the cursor.
      await insertNumberedEvents(query, [{ seq: 4, type: 'content.deleted' }]);
      expect(await webhooks.fanOut(T0)).toBe(1);
      expect(await seqs(content.id)).toEqual([4, 1]);
      for (const hook of [content, users, paused]) await webhooks.delete(hook.id);
    });

    it('lets one node at a time hold a delivery, retries with backoff, then fails after the last try', async () => {
      const { webhooks, query } = store();
      const hook = await webhooks.create({ url: 'http://127.0.0.1:9/retry', events: ['retry.test'], secret: 's' });
      await insertNumberedEvents(query, [{ seq: 100, type: 'retry.test', payload: { n: 1 } }]);
      await webhooks.fanOut(T0);

      const [first, ...others] = await webhooks.claim('node-a', T0, LEASE, 10);
      expect(others).toEqual([]);
      expect(first).toMatchObject({ webhookId: hook.id, url: 'http://127.0.0.1:9/retry', secret: 's', attempts: 0, event: { seq: 100, type: 'retry.test', payload: { n: 1 }, userId: null } });
      if (!first) throw new Error('nothing claimed');
      expect(await webhooks.claim('node-b', T0 + 1, LEASE, 10)).toEqual([]);

      // A failed try: pending again in 10 s, not due before.
      expect(await webhooks.record('node-a', first, { ok: false, status: 500, error: 'HTTP 500' }, T0 + 100, POLICY)).toBe(true);
      expect(await webhooks.claim('node-b', T0 + 10_099, LEASE, 10)).toEqual([]);
      const [second] = await webhooks.claim('node-b', T0 + 10_100, LEASE, 10);
      expect(second).toMatchObject({ id: first.id, attempts: 1 });
      if (!second) throw new Error('nothing claimed');

      // The lease of node-b runs out: node-a takes it over; node-b can no longer record.
      const [third] = await webhooks.claim('node-a', T0 + 10_100 + LEASE + 1, LEASE, 10);
      expect(third).toMatchObject({ id: first.id, attempts: 1 });
      if (!third) throw new Error('nothing claimed');
      expect(await webhooks.record('node-b', second, { ok: true, status: 200 }, T0 + 50_000, POLICY)).toBe(false);
      expect(await webhooks.record('node-a', third, { ok: false, status: null, error: 'x'.repeat(2000) }, T0 + 50_000, POLICY)).toBe(true);
      let log = (await webhooks.deliveries(hook.id, { offset: 0, limit: 10 }))?.items[0];
      expect(log).toMatchObject({ status: 'pending', attempts: 2, lastStatus: null, nextAttemptAt: new Date(T0 + 80_000) });
      expect(log?.lastError?.length).toBe(500);

      const [fourth] = await webhooks.claim('node-a', T0 + 80_000, LEASE, 10);
      if (!fourth) throw new Error('nothing claimed');
      await webhooks.record('node-a', fourth, { ok: false, status: 404, error: 'HTTP 404' }, T0 + 81_000, POLICY);
      log = (await webhooks.deliveries(hook.id, { offset: 0, limit: 10, status: 'failed' }))?.items[0];
      expect(log).toMatchObject({ status: 'failed', attempts: 3, lastStatus: 404, lastError: 'HTTP 404', deliveredAt: null });
      expect(await webhooks.claim('node-a', T0 + 10_000_000, LEASE, 10)).toEqual([]);

      // A redelivery: due at once, with fresh attempts; a success is logged.
      expect(await webhooks.redeliver(hook.id + 1000, first.id, T0)).toBeNull();
      expect(await webhooks.redeliver(hook.id, first.id, T0 + 90_000)).toMatchObject({ status: 'pending', attempts: 0 });
      const [fifth] = await webhooks.claim('node-b', T0 + 90_000, LEASE, 10);
      if (!fifth) throw new Error('nothing claimed');
      expect(await webhooks.record('node-b', fifth, { ok: true, status: 204 }, T0 + 91_000, POLICY)).toBe(true);
      expect(await webhooks.deliveries(hook.id, { offset: 0, limit: 10 })).toEqual({
        totalCount: 1,
        items: [expect.objectContaining({ status: 'delivered', attempts: 1, lastStatus: 204, lastError: null, deliveredAt: new Date(T0 + 91_000) })],
      });
      await webhooks.delete(hook.id);
    });

    it('gives each delivery to one node when two nodes fan out and claim at the same time', async () => {
      const { webhooks, query, openNode } = store();
      const other = (await openNode()).webhooks;
      const hook = await webhooks.create({ url: 'http://127.0.0.1:9/race', events: ['race.*'], secret: 's' });
      await insertNumberedEvents(query, Array.from({ length: 60 }, (_, index) => ({ seq: 1000 + index, type: 'race.event', payload: { index } })));
      await Promise.all([webhooks.fanOut(T0, 7), other.fanOut(T0, 7), webhooks.fanOut(T0, 7), other.fanOut(T0, 7)]);
      for (let round = 0; round < 20 && ((await webhooks.fanOut(T0, 7)) > 0 || (await other.fanOut(T0, 7)) > 0); round += 1);
      expect((await webhooks.deliveries(hook.id, { offset: 0, limit: 1 }))?.totalCount).toBe(60);

      const taken: number[] = [];
      for (let round = 0; round < 20 && taken.length < 60; round += 1) {
        const claims = await Promise.all([webhooks.claim('a', T0, LEASE, 5), other.claim('b', T0, LEASE, 5), webhooks.claim('c', T0, LEASE, 5), other.claim('d', T0, LEASE, 5)]);
        taken.push(...claims.flat().map((claim) => claim.event.seq));
      }
      expect(taken.length).toBe(60);
      expect(new Set(taken).size).toBe(60);
      await webhooks.delete(hook.id);
    });

    it('leaves no delivery behind a webhook deleted while events are handed out', async () => {
      const { webhooks, query, openNode } = store();
      const other = (await openNode()).webhooks;
      let seq = 5000;
      for (let round = 0; round < 10; round += 1) {
        const hook = await webhooks.create({ url: 'http://127.0.0.1:9/gone', events: ['gone.*'], secret: 's' });
        await insertNumberedEvents(query, Array.from({ length: 20 }, () => ({ seq: (seq += 1), type: 'gone.event' })));
        await Promise.all([other.fanOut(T0, 10), webhooks.delete(hook.id), other.fanOut(T0, 10)]);
        await other.fanOut(T0);
      }
      const orphans = await query('SELECT COUNT(*) AS n FROM webhook_delivery WHERE webhook_id NOT IN (SELECT id FROM webhook)');
      expect(orphans[0]?.int('n')).toBe(0);
    });
  },
  { seed: false },
);
