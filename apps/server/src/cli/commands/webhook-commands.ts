import { randomBytes } from 'node:crypto';
import type { Webhook, WebhookDeliveryPage, WebhookDeliveryStatus, WebhookStore } from '@contentrepo/core';
import { webhookInputProblem } from '@contentrepo/rest-adapter';
import type { CommandContext } from '../cli-context.js';
import type { CommandAction, CommandGroup } from '../cli-program.js';
import { CliError, EXIT_CODES } from '../cli-errors.js';

/**
 * The webhook commands of the command line (`webhook:add`, `webhook:list`, `webhook:remove`, `webhook:deliveries`),
 * as functions over the persistence's webhook store (`Persistence.webhooks`), and their registration
 * ({@link webhookCommands}). They refuse with a {@link CliError}: exit code 6 (invalid input) for bad input, 4 (not
 * found) for an unknown webhook. The acting user (`--as`) must be granted `setup/administrate`, as over REST.
 */

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
 * @throws CliError (6) for a URL that is not http(s), bad events or a secret of the wrong length
 */
export async function webhookAdd(store: Pick<WebhookStore, 'create'>, options: WebhookAddOptions): Promise<WebhookAdded> {
  const events = (typeof options.events === 'string' ? options.events.split(',') : [...options.events]).map((event) => event.trim()).filter((event) => event !== '');
  const generatedSecret = options.secret === undefined ? randomBytes(32).toString('hex') : null;
  const secret = options.secret ?? generatedSecret ?? '';
  const url = options.url.trim();
  const problem = webhookInputProblem({ url, events, secret });
  if (problem !== null) throw new CliError(problem, EXIT_CODES.invalidInput);
  const webhook = await store.create({ url, events, secret, enabled: options.enabled ?? true });
  return { webhook, generatedSecret };
}

/** `webhook:list`: every webhook, by id (secrets only as hints). */
export function webhookList(store: Pick<WebhookStore, 'list'>): Promise<Webhook[]> {
  return store.list();
}

/**
 * `webhook:remove <id>`: removes a webhook and its delivery log.
 * @throws CliError (6) for an id that is not a positive integer, (4) for an unknown webhook
 */
export async function webhookRemove(store: Pick<WebhookStore, 'delete'>, id: string | number): Promise<void> {
  const webhookId = parseWebhookId(id);
  if (!(await store.delete(webhookId))) throw new CliError(`There is no webhook ${webhookId}`, EXIT_CODES.notFound);
}

/**
 * `webhook:deliveries <id> [--status failed] [--limit 25] [--offset 0]`: a page of the delivery log, newest first.
 * @throws CliError (6) for a bad id, status, limit (1–500) or offset, (4) for an unknown webhook
 */
export async function webhookDeliveries(
  store: Pick<WebhookStore, 'deliveries'>,
  id: string | number,
  options: { readonly status?: string; readonly limit?: number; readonly offset?: number } = {},
): Promise<WebhookDeliveryPage> {
  const webhookId = parseWebhookId(id);
  const limit = options.limit ?? 25;
  const offset = options.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > 500 || !Number.isInteger(offset) || offset < 0) throw new CliError('--limit must be 1 to 500 and --offset at least 0', EXIT_CODES.invalidInput);
  const statuses: readonly WebhookDeliveryStatus[] = ['pending', 'delivered', 'failed'];
  const status = options.status === undefined ? undefined : statuses.find((candidate) => candidate === options.status);
  if (options.status !== undefined && status === undefined) throw new CliError(`--status must be pending, delivered or failed, got '${options.status}'`, EXIT_CODES.invalidInput);
  const page = await store.deliveries(webhookId, { limit, offset, ...(status === undefined ? {} : { status }) });
  if (!page) throw new CliError(`There is no webhook ${webhookId}`, EXIT_CODES.notFound);
  return page;
}

/** A webhook id given on the command line. @throws CliError (6) when it is not a positive integer */
export function parseWebhookId(id: string | number): number {
  const value = typeof id === 'number' ? id : /^\d+$/.test(id.trim()) ? Number(id.trim()) : NaN;
  if (!Number.isSafeInteger(value) || value < 1) throw new CliError(`'${String(id)}' is not a webhook id`, EXIT_CODES.invalidInput);
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

/**
 * The webhook store for the acting user (`--as`, default `admin`).
 * @throws CliError (1) when that user is not granted `setup/administrate`
 */
async function webhookStore(context: CommandContext): Promise<WebhookStore> {
  const { store, repository } = await context.openRepository();
  if ((await repository.permissionResolver.hasAccess('setup', 'administrate')) === false) {
    throw new CliError(`Managing webhooks needs the 'administrate' 'setup' permission, which '${context.options.as}' lacks`, EXIT_CODES.failure);
  }
  return store.webhooks;
}

const addAction: CommandAction = async (context, args, options) => {
  const added = await webhookAdd(await webhookStore(context), {
    url: String(args[0]),
    events: typeof options['events'] === 'string' ? options['events'] : '*',
    ...(typeof options['secret'] === 'string' ? { secret: options['secret'] } : {}),
    enabled: options['disabled'] !== true,
  });
  const lines = [`Added webhook ${added.webhook.id}: ${added.webhook.url} (${added.webhook.events.join(',')})`];
  if (added.generatedSecret !== null) lines.push(`Signing secret (shown once): ${added.generatedSecret}`);
  context.out.result({ webhook: added.webhook, ...(added.generatedSecret === null ? {} : { secret: added.generatedSecret }) }, lines.join('\n'));
};

const listAction: CommandAction = async (context) => {
  const webhooks = await webhookList(await webhookStore(context));
  context.out.result({ webhooks }, formatWebhooks(webhooks));
};

const removeAction: CommandAction = async (context, args) => {
  const id = parseWebhookId(String(args[0]));
  await webhookRemove(await webhookStore(context), id);
  context.out.result({ removed: id }, `Removed webhook ${id} and its delivery log`);
};

const deliveriesAction: CommandAction = async (context, args, options) => {
  const number = (name: string): number | undefined => (typeof options[name] === 'string' ? Number(options[name]) : undefined);
  const limit = number('limit');
  const offset = number('offset');
  const page = await webhookDeliveries(await webhookStore(context), String(args[0]), {
    ...(typeof options['status'] === 'string' ? { status: options['status'] } : {}),
    ...(limit === undefined ? {} : { limit }),
    ...(offset === undefined ? {} : { offset }),
  });
  context.out.result({ totalCount: page.totalCount, items: page.items }, formatDeliveries(page));
};

/** `webhook:add`, `webhook:list`, `webhook:remove`, `webhook:deliveries`. */
export const webhookCommands: CommandGroup = (program, wrap) => {
  program
    .command('webhook:add')
    .description('register a webhook: an http(s) URL called with each matching event, signed with HMAC-SHA256')
    .argument('<url>', 'the http(s) URL to POST events to')
    .option('--events <names>', 'comma-separated event names or patterns, e.g. content.*,user.created (default *)')
    .option('--secret <secret>', 'the signing secret, 16 to 256 characters (default: a random one, printed once)')
    .option('--disabled', 'register it paused')
    .action(wrap(addAction));
  program.command('webhook:list').description('list the webhooks (secrets only as hints)').action(wrap(listAction));
  program.command('webhook:remove').description('remove a webhook and its delivery log').argument('<id>', 'webhook id').action(wrap(removeAction));
  program
    .command('webhook:deliveries')
    .description("show a webhook's delivery log, newest first")
    .argument('<id>', 'webhook id')
    .option('--status <status>', 'only pending, delivered or failed deliveries')
    .option('--limit <n>', 'page size, 1 to 500 (default 25)')
    .option('--offset <n>', 'deliveries to skip (default 0)')
    .action(wrap(deliveriesAction));
};
