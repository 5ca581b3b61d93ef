import { randomBytes } from 'node:crypto';
import type { Webhook, WebhookDeliveryPage, WebhookDeliveryStatus, WebhookStore } from '@contentrepo/core';
import { webhookInputProblem } from '@contentrepo/rest-adapter';

/**
 * The webhook commands of the command line (`webhook:add`, `webhook:list`, `webhook:remove`, `webhook:deliveries`),
 * as functions over the persistence's webhook store (`Persistence.webhooks`); the command line parses arguments,
 * prints (a table, or JSON with `--json`) and exits with {@link WebhookCommandError.exitCode} on errors.
 */

/** A refused command: `exitCode` 2 for bad input, 3 for an unknown webhook. */
export class WebhookCommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: 2 | 3,
  ) {
    super(message);
    this.name = 'WebhookCommandError';
  }
}

/** Arguments of {@link webhookAdd}. */
export interface WebhookAddOptions {
  readonly url: string;
  /** Event names or patterns: a list, or one comma-separated string (`content.*,user.created`). */
  readonly events: string | readonly string[];
  /** The signing secret (16 to 256 characters); absent: a random one is made (and returned once). */
  readonly secret?: string;
  /** Default true. */
  readonly enabled?: boolean;
}

/** What {@link webhookAdd} registered: the webhook, and the secret when it was made here (shown this once). */
export interface WebhookAdded {
  readonly webhook: Webhook;
  /** The random secret made for it, null when the caller gave one. */
  readonly generatedSecret: string | null;
}

/**
 * `webhook:add <url> --events a,b [--secret s]`: registers a webhook (checked as the REST API checks it).
 * @throws WebhookCommandError (2) for a URL that is not http(s), bad events or a secret of the wrong length
 */
export async function webhookAdd(store: Pick<WebhookStore, 'create'>, options: WebhookAddOptions): Promise<WebhookAdded> {
  const events = (typeof options.events === 'string' ? options.events.split(',') : [...options.events]).map((event) => event.trim()).filter((event) => event !== '');
  const generatedSecret = options.secret === undefined ? randomBytes(32).toString('hex') : null;
  const secret = options.secret ?? generatedSecret ?? '';
  const url = options.url.trim();
  const problem = webhookInputProblem({ url, events, secret });
  if (problem !== null) throw new WebhookCommandError(problem, 2);
  const webhook = await store.create({ url, events, secret, enabled: options.enabled ?? true });
  return { webhook, generatedSecret };
}

/** `webhook:list`: every webhook, by id (secrets only as hints). */
export function webhookList(store: Pick<WebhookStore, 'list'>): Promise<Webhook[]> {
  return store.list();
}

/**
 * `webhook:remove <id>`: removes a webhook and its delivery log.
 * @throws WebhookCommandError (2) for an id that is not a positive integer, (3) for an unknown webhook
 */
export async function webhookRemove(store: Pick<WebhookStore, 'delete'>, id: string | number): Promise<void> {
  const webhookId = parseWebhookId(id);
  if (!(await store.delete(webhookId))) throw new WebhookCommandError(`There is no webhook ${webhookId}`, 3);
}

/**
 * `webhook:deliveries <id> [--status failed] [--limit 25] [--offset 0]`: a page of the delivery log, newest first.
 * @throws WebhookCommandError (2) for a bad id, status, limit (1–500) or offset, (3) for an unknown webhook
 */
export async function webhookDeliveries(
  store: Pick<WebhookStore, 'deliveries'>,
  id: string | number,
  options: { readonly status?: string; readonly limit?: number; readonly offset?: number } = {},
): Promise<WebhookDeliveryPage> {
  const webhookId = parseWebhookId(id);
  const limit = options.limit ?? 25;
  const offset = options.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > 500 || !Number.isInteger(offset) || offset < 0) throw new WebhookCommandError('--limit must be 1 to 500 and --offset at least 0', 2);
  const statuses: readonly WebhookDeliveryStatus[] = ['pending', 'delivered', 'failed'];
  const status = options.status === undefined ? undefined : statuses.find((candidate) => candidate === options.status);
  if (options.status !== undefined && status === undefined) throw new WebhookCommandError(`--status must be pending, delivered or failed, got '${options.status}'`, 2);
  const page = await store.deliveries(webhookId, { limit, offset, ...(status === undefined ? {} : { status }) });
  if (!page) throw new WebhookCommandError(`There is no webhook ${webhookId}`, 3);
  return page;
}

/** A webhook id given on the command line. @throws WebhookCommandError (2) when it is not a positive integer */
export function parseWebhookId(id: string | number): number {
  const value = typeof id === 'number' ? id : /^\d+$/.test(id.trim()) ? Number(id.trim()) : NaN;
  if (!Number.isSafeInteger(value) || value < 1) throw new WebhookCommandError(`'${String(id)}' is not a webhook id`, 2);
  return value;
}

/** Webhooks as text lines for a terminal: `id  enabled  url  events  secret-hint`. */
export function formatWebhooks(webhooks: readonly Webhook[]): string {
  if (webhooks.length === 0) return 'No webhooks.';
  return webhooks.map((hook) => [String(hook.id).padStart(4), hook.enabled ? 'on ' : 'off', hook.url, hook.events.join(','), `secret ${hook.secretHint}`].join('  ')).join('\n');
}

/** A delivery page as text lines: `id  event-seq  type  status  attempts  last status/error  when`. */
export function formatDeliveries(page: WebhookDeliveryPage): string {
  const lines = page.items.map((delivery) =>
    [
      String(delivery.id).padStart(6),
      `#${delivery.eventSeq}`,
      delivery.eventType,
      delivery.status,
      `${delivery.attempts} tries`,
      delivery.lastStatus === null ? (delivery.lastError ?? '-') : `HTTP ${delivery.lastStatus}`,
      (delivery.deliveredAt ?? delivery.nextAttemptAt).toISOString(),
    ].join('  '),
  );
  return [...lines, `${page.items.length} of ${page.totalCount} deliveries`].join('\n');
}
