/**
 * Webhooks: HTTP endpoints an administrator registers to receive the domain events (see `domain-events.ts`), and
 * the log of each event's delivery to each of them. The store is the persistence's; delivering (HTTP) is the
 * server's. The management operations below are what the REST extension routes and the command line use.
 */

/** A registered webhook. Its secret is never read back: only {@link Webhook.secretHint} shows which one is set. */
export interface Webhook {
  readonly id: number;
  /** The `http:` or `https:` URL each event is POSTed to. */
  readonly url: string;
  /** Event names or patterns it receives: `content.published`, `content.*` (one subject), `*` (all). */
  readonly events: readonly string[];
  /**
   * False pauses it: events published meanwhile are not handed to it, and its pending deliveries wait until it is
   * enabled again.
   */
  readonly enabled: boolean;
  /** When it was registered (second precision). */
  readonly created: Date;
  /** The last 4 characters of the secret, after `…` (never the secret itself). */
  readonly secretHint: string;
}

/** A new webhook (see {@link Webhook}); `secret` signs each delivery (HMAC-SHA256). */
export interface WebhookCreateStruct {
  readonly url: string;
  readonly events: readonly string[];
  readonly secret: string;
  readonly enabled?: boolean;
}

/** A change of a webhook: the members given are replaced. */
export interface WebhookUpdateStruct {
  readonly url?: string;
  readonly events?: readonly string[];
  readonly secret?: string;
  readonly enabled?: boolean;
}

/** Where a delivery is: to be tried (`pending`), done (`delivered`), or out of attempts (`failed`). */
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event's delivery to one webhook: the delivery log's entry. */
export interface WebhookDelivery {
  readonly id: number;
  readonly webhookId: number;
  /** The event's place in the published order (`PublishedEvent.seq`), the body's `id`. */
  readonly eventSeq: number;
  readonly eventType: string;
  readonly status: WebhookDeliveryStatus;
  /** Tries made so far. */
  readonly attempts: number;
  /** When a pending delivery is tried next. */
  readonly nextAttemptAt: Date;
  /** The HTTP status of the last try, null when it got no answer (or none was made). */
  readonly lastStatus: number | null;
  /** Why the last try failed (shortened), null after a success or before any try. */
  readonly lastError: string | null;
  readonly deliveredAt: Date | null;
  /** When the event was handed to the webhook. */
  readonly createdAt: Date;
}

/** A page of a webhook's delivery log, newest first. */
export interface WebhookDeliveryPage {
  readonly totalCount: number;
  readonly items: readonly WebhookDelivery[];
}

/** Registering webhooks and reading their delivery log (administrators only: callers check the permission). */
export interface WebhookStore {
  /** Every webhook, by id. */
  list(): Promise<Webhook[]>;
  /** The webhook, or null when unknown. */
  load(id: number): Promise<Webhook | null>;
  /** Registers a webhook; it receives the events published after this call. */
  create(struct: WebhookCreateStruct): Promise<Webhook>;
  /** Changes a webhook; null when unknown. */
  update(id: number, struct: WebhookUpdateStruct): Promise<Webhook | null>;
  /** Removes a webhook and its delivery log; false when unknown. */
  delete(id: number): Promise<boolean>;
  /** A page of the webhook's delivery log, newest first (`status` narrows it); null when the webhook is unknown. */
  deliveries(webhookId: number, page: { readonly offset: number; readonly limit: number; readonly status?: WebhookDeliveryStatus }): Promise<WebhookDeliveryPage | null>;
  /** One delivery of the webhook's log; null when the webhook or the delivery (of that webhook) is unknown. */
  delivery(webhookId: number, deliveryId: number): Promise<WebhookDelivery | null>;
  /**
   * Makes a delivery pending again, due now, with a fresh set of attempts (a redelivery); null when the webhook or
   * the delivery (of that webhook) is unknown.
   */
  redeliver(webhookId: number, deliveryId: number, nowMs: number): Promise<WebhookDelivery | null>;
}
