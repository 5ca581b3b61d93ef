import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '../server-config.js';
import type { ClaimedDelivery, DeliveryOutcome } from '@contentrepo/persistence';
import { WebhookDispatcher } from './dispatcher.js';
import { signWebhookPayload, verifyWebhookSignature } from './signature.js';
import { DEFAULT_WEBHOOK_CONFIG } from './webhook-config.js';

const silent = { warn: () => undefined, debug: () => undefined };

/** A store handing out `deliveries` once and keeping the outcomes recorded. */
function fakeStore(deliveries: ClaimedDelivery[]): { store: ConstructorParameters<typeof WebhookDispatcher>[0]['store']; outcomes: DeliveryOutcome[] } {
  const outcomes: DeliveryOutcome[] = [];
  return {
    outcomes,
    store: {
      fanOut: () => Promise.resolve(0),
      claim: () => Promise.resolve(deliveries.splice(0)),
      record: (_node, _delivery, outcome) => {
        outcomes.push(outcome);
        return Promise.resolve(true);
      },
    },
  };
}

const delivery: ClaimedDelivery = {
  id: 7,
  webhookId: 1,
  url: 'http://127.0.0.1:9/hook',
  secret: 'a-secret-of-16-chars',
  attempts: 0,
  event: { seq: 42, type: 'content.published', payload: { contentId: 57 }, userId: 14, occurredAt: new Date('2024-06-01T12:00:00Z') },
};

describe('the webhook dispatcher', () => {
  it('POSTs the signed event and counts only a 2xx answer as delivered (a redirect is not followed)', async () => {
    const requests: { url: string; init: RequestInit }[] = [];
    const answers = [204, 302, 410];
    const fetchStub = (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
      requests.push({ url: String(url), init: init ?? {} });
      return Promise.resolve(new Response(null, { status: answers.shift() ?? 200 }));
    };
    const { store, outcomes } = fakeStore([delivery, { ...delivery, id: 8 }, { ...delivery, id: 9 }]);
    const dispatcher = new WebhookDispatcher({ store, config: DEFAULT_WEBHOOK_CONFIG, logger: silent, fetch: fetchStub as typeof fetch });
    expect(await dispatcher.round()).toBe(3);
    expect(outcomes).toEqual([{ ok: true, status: 204 }, { ok: false, status: 302, error: 'HTTP 302' }, { ok: false, status: 410, error: 'HTTP 410' }]);
    const [first] = requests;
    if (!first) throw new Error('no request');
    expect(first.init).toMatchObject({ method: 'POST', redirect: 'manual' });
    const headers = first.init.headers as Record<string, string>;
    const body = String(first.init.body);
    expect(JSON.parse(body)).toEqual({ id: 42, type: 'content.published', occurredAt: '2024-06-01T12:00:00.000Z', userId: 14, payload: { contentId: 57 } });
    expect(headers).toMatchObject({ 'Content-Type': 'application/json', 'X-Contentrepo-Event': 'content.published', 'X-Contentrepo-Delivery': '7' });
    expect(headers['X-Contentrepo-Signature']).toBe(`sha256=${signWebhookPayload(delivery.secret, headers['X-Contentrepo-Timestamp'] ?? '', body)}`);
    expect(verifyWebhookSignature(delivery.secret, body, headers['X-Contentrepo-Timestamp'], headers['X-Contentrepo-Signature'])).toBe(true);
  });

  it('gives up on a receiver that does not answer within the timeout, and records why', async () => {
    const hanging = (_url: string | URL | Request, init?: RequestInit): Promise<Response> =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)));
    const { store, outcomes } = fakeStore([delivery]);
    const dispatcher = new WebhookDispatcher({ store, config: { ...DEFAULT_WEBHOOK_CONFIG, timeoutMs: 100 }, logger: silent, fetch: hanging as typeof fetch });
    const started = Date.now();
    await dispatcher.round();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(outcomes).toEqual([{ ok: false, status: null, error: 'No answer within 100 ms' }]);
  });

  it('stops without waiting for requests in flight, leaving them unrecorded (their claim expires)', async () => {
    let requested = false;
    const hanging = (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
      requested = true;
      return new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    };
    const { store, outcomes } = fakeStore([delivery]);
    const dispatcher = new WebhookDispatcher({ store, config: { ...DEFAULT_WEBHOOK_CONFIG, timeoutMs: 60_000, pollMs: 20 }, logger: silent, fetch: hanging as typeof fetch });
    dispatcher.start();
    for (let index = 0; index < 100 && !requested; index += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requested).toBe(true);
    const started = Date.now();
    await dispatcher.stop();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(outcomes).toEqual([]);
  });
});

describe('the webhook settings', () => {
  it('default to on, 10 s, 8 at a time, 10 tries from 10 s to 6 h', () => {
    expect(loadConfig({}).webhooks).toEqual(DEFAULT_WEBHOOK_CONFIG);
    expect(DEFAULT_WEBHOOK_CONFIG.retry).toMatchObject({ maxAttempts: 10, delaysMs: [10_000, 30_000, 60_000, 300_000, 900_000, 3_600_000, 21_600_000] });
  });

  it('are read from WEBHOOKS and WEBHOOK_*', () => {
    const config = loadConfig({ WEBHOOKS: 'off', WEBHOOK_TIMEOUT_MS: '2500', WEBHOOK_CONCURRENCY: '2', WEBHOOK_POLL_MS: '100', WEBHOOK_MAX_ATTEMPTS: '4', WEBHOOK_RETRY_DELAYS_MS: '5, 50' });
    expect(config.webhooks).toEqual({ enabled: false, timeoutMs: 2500, concurrency: 2, pollMs: 100, retry: { delaysMs: [5, 50], maxAttempts: 4, jitter: 0.2 } });
    expect(loadConfig({ WEBHOOKS: 'on' }).webhooks.enabled).toBe(true);
  });

  it('refuse values that cannot be used', () => {
    for (const env of [{ WEBHOOKS: 'maybe' }, { WEBHOOK_TIMEOUT_MS: '10' }, { WEBHOOK_CONCURRENCY: '0' }, { WEBHOOK_MAX_ATTEMPTS: 'x' }, { WEBHOOK_RETRY_DELAYS_MS: '10,-1' }, { WEBHOOK_RETRY_DELAYS_MS: 'soon' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
    }
  });
});
