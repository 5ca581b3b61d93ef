import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { ClaimedDelivery, DeliveryOutcome, SqlWebhookStore } from '@contentrepo/persistence';
import { signWebhookPayload, SIGNATURE_PREFIX } from './signature.js';
import type { WebhookConfig } from './webhook-config.js';

/** Events read per fan-out transaction. */
const FAN_OUT_BATCH = 500;
/** Most fan-out transactions per round (the rest waits for the next round). */
const FAN_OUT_ROUNDS = 20;
/** How long a claim lasts beyond the request timeout, in ms: time to record the outcome. */
const LEASE_MARGIN_MS = 20_000;
/** `User-Agent` of the deliveries. */
const USER_AGENT = 'contentrepo-webhooks/1';

/** The logger a dispatcher reports to (pino-compatible). */
export interface DispatcherLogger {
  warn(details: object, message: string): void;
  debug(details: object, message: string): void;
}

/** Options of {@link WebhookDispatcher}. */
export interface WebhookDispatcherOptions {
  /** The persistence's webhook store (fan-out, claims, outcomes). */
  readonly store: Pick<SqlWebhookStore, 'fanOut' | 'claim' | 'record'>;
  readonly config: Omit<WebhookConfig, 'enabled'>;
  readonly logger: DispatcherLogger;
  /** This node's name in claims (default `<host>/<pid>/<random>`, at most 64 characters). */
  readonly nodeId?: string;
  /** The clock of claims and retries, Unix ms (default `Date.now`); the signed timestamp always uses the real one. */
  readonly now?: () => number;
  /** The HTTP client (default Node's `fetch`). */
  readonly fetch?: typeof fetch;
}

/** The JSON body of a delivery. */
export interface WebhookBody {
  /** The event's place in the published order (`seq`): increasing, the same on every retry. */
  readonly id: number;
  readonly type: string;
  /** ISO 8601. */
  readonly occurredAt: string;
  readonly userId: number | null;
  readonly payload: Readonly<Record<string, unknown>>;
}

/**
 * Delivers webhooks from this node: in rounds, it hands the newly numbered events of the outbox to the matching
 * webhooks (`fanOut`), claims the due deliveries (up to `concurrency`, for the request timeout plus a margin) and
 * POSTs each one, signed, then records the outcome (2xx: delivered; anything else, a redirect included, or no
 * answer within the timeout: retried later, see `RetryPolicy`). A round starts when {@link wake} is called (after
 * events are numbered), every `pollMs` otherwise, and at once again while there is more to do. Several nodes may
 * run one each on one database: a claim is held by one node, so each try is made by one node; a node that dies
 * holding claims leaves them to be taken over once the claims expire.
 */
export class WebhookDispatcher {
  readonly nodeId: string;
  private readonly now: () => number;
  private readonly fetch: typeof fetch;
  private readonly leaseMs: number;
  private running: Promise<void> | null = null;
  private stopped = false;
  private woken = false;
  private wakeUp: (() => void) | null = null;
  private readonly aborts = new AbortController();

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.nodeId = (options.nodeId ?? `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`).slice(0, 64);
    this.now = options.now ?? Date.now;
    this.fetch = options.fetch ?? fetch;
    this.leaseMs = options.config.timeoutMs + LEASE_MARGIN_MS;
  }

  /** Starts the rounds (once; no-op when running or stopped). */
  start(): void {
    if (this.running || this.stopped) return;
    this.running = this.loop();
  }

  /** Starts a round now (or right after the current one): new events were numbered, or a delivery was made due. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /**
   * Stops: no new round starts, requests in flight are aborted and their claims left to expire (the delivery is
   * tried again after the claim's end, by this node's successor or another node). Resolves once the current round
   * has ended.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.aborts.abort();
    this.wakeUp?.();
    await this.running;
  }

  /**
   * One round: fans out the new events and tries the due deliveries (at most `concurrency`). Returns how many
   * deliveries it tried. For tests and tools; a started dispatcher runs rounds itself.
   */
  async round(): Promise<number> {
    for (let index = 0; index < FAN_OUT_ROUNDS; index += 1) {
      if ((await this.options.store.fanOut(this.now(), FAN_OUT_BATCH)) < FAN_OUT_BATCH) break;
    }
    if (this.stopped) return 0;
    const claimed = await this.options.store.claim(this.nodeId, this.now(), this.leaseMs, this.options.config.concurrency);
    await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
    return claimed.length;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      let more = false;
      try {
        more = (await this.round()) >= this.options.config.concurrency;
      } catch (error) {
        this.options.logger.warn({ component: 'webhooks', err: error }, 'A webhook round failed; trying again later');
      }
      if (this.stopped) break;
      if (!more && !this.woken) await this.pause(this.options.config.pollMs);
    }
  }

  /** Waits `ms`, or less when woken or stopped. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  /** POSTs one delivery and records its outcome (not when the dispatcher stops meanwhile). */
  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const { event } = delivery;
    const body = JSON.stringify({
      id: event.seq,
      type: event.type,
      occurredAt: event.occurredAt.toISOString(),
      userId: event.userId,
      payload: event.payload,
    } satisfies WebhookBody);
    const timestamp = Math.floor(Date.now() / 1000);
    const timeout = AbortSignal.timeout(this.options.config.timeoutMs);
    let outcome: DeliveryOutcome;
    try {
      const response = await this.fetch(delivery.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.any([timeout, this.aborts.signal]),
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': USER_AGENT,
          'X-Contentrepo-Event': event.type,
          'X-Contentrepo-Delivery': String(delivery.id),
          'X-Contentrepo-Timestamp': String(timestamp),
          'X-Contentrepo-Signature': `${SIGNATURE_PREFIX}${signWebhookPayload(delivery.secret, timestamp, body)}`,
        },
        body,
      });
      await response.body?.cancel().catch(() => undefined);
      outcome = response.status >= 200 && response.status < 300 ? { ok: true, status: response.status } : { ok: false, status: response.status, error: `HTTP ${response.status}` };
    } catch (error) {
      if (this.stopped) return;
      outcome = { ok: false, status: null, error: timeout.aborted ? `No answer within ${this.options.config.timeoutMs} ms` : describe(error) };
    }
    const recorded = await this.options.store.record(this.nodeId, delivery, outcome, this.now(), this.options.config.retry);
    this.options.logger.debug(
      { component: 'webhooks', delivery: delivery.id, webhook: delivery.webhookId, event: event.seq, ok: outcome.ok, status: outcome.status, recorded },
      'Webhook delivery tried',
    );
  }
}

/** A failed request's message with its cause's code (`fetch failed: ECONNREFUSED`). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : undefined;
  const causeMessage = cause instanceof Error ? cause.message : undefined;
  return [error.message, code ?? causeMessage].filter((part) => part !== undefined && part !== '').join(': ');
}
