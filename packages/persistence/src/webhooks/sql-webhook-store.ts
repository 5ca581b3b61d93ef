import type {
  PublishedEvent,
  Webhook,
  WebhookCreateStruct,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookDeliveryStatus,
  WebhookStore,
  WebhookUpdateStruct,
} from '@contentrepo/core';
import { toSeconds } from '../db/dates.js';
import type { Row } from '../db/row.js';
import type { SqlContext } from '../db/sql-context.js';
import { sql } from '../db/statement.js';
import { TABLES } from '../schema/index.js';

const { webhook: hooks, webhookDelivery: deliveries, domainEvent: events, eventCursor: cursors } = TABLES;

/** The `event_cursor` row of the webhook fan-out. */
export const WEBHOOK_CURSOR = 'webhooks';
/** Longest `last_error` kept, in characters (longer messages are cut, with `…`). */
export const MAX_ERROR_LENGTH = 500;

const HOOK_COLUMNS = hooks.$list(['id', 'url', 'events', 'secret', 'enabled', 'created']);
const d = deliveries.$as('d');
const e = events.$as('e');
const DELIVERY_COLUMNS = `${d.$list(['id', 'webhookId', 'status', 'attempts', 'nextAttemptMs', 'lastStatus', 'lastError', 'deliveredMs', 'createdMs'])}, ${e.seq}, ${e.type}`;

const LIST_HOOKS = sql<[]>(`SELECT ${HOOK_COLUMNS} FROM ${hooks} ORDER BY ${hooks.id}`);
const LOAD_HOOK = sql<[id: number]>(`SELECT ${HOOK_COLUMNS} FROM ${hooks} WHERE ${hooks.id} = ?`);
const INSERT_HOOK = sql<[url: string, events: string, secret: string, enabled: boolean, created: number]>(
  `INSERT INTO ${hooks} (${hooks.$list(['url', 'events', 'secret', 'enabled', 'created'])}) VALUES (?, ?, ?, ?, ?) RETURNING ${hooks.id}`,
);
const UPDATE_HOOK = sql<[url: string, events: string, secret: string, enabled: boolean, id: number]>(
  `UPDATE ${hooks} SET ${hooks.$set(['url', 'events', 'secret', 'enabled'])} WHERE ${hooks.id} = ?`,
);
const LOCK_HOOK = sql<[id: number]>({
  sqlite: `SELECT ${HOOK_COLUMNS} FROM ${hooks} WHERE ${hooks.id} = ?`,
  postgresql: `SELECT ${HOOK_COLUMNS} FROM ${hooks} WHERE ${hooks.id} = ? FOR UPDATE`,
});
const DELETE_HOOK_DELIVERIES = sql<[id: number]>(`DELETE FROM ${deliveries} WHERE ${deliveries.webhookId} = ?`);
const DELETE_HOOK = sql<[id: number]>(`DELETE FROM ${hooks} WHERE ${hooks.id} = ?`);
/** PostgreSQL: shared row locks, so that a webhook deleted meanwhile waits for the fan-out and then takes its new deliveries along. */
const ENABLED_HOOKS = sql<[]>({
  sqlite: `SELECT ${hooks.$list(['id', 'events'])} FROM ${hooks} WHERE ${hooks.enabled} = TRUE`,
  postgresql: `SELECT ${hooks.$list(['id', 'events'])} FROM ${hooks} WHERE ${hooks.enabled} = TRUE FOR SHARE`,
});

const CREATE_CURSOR = sql<[name: string]>(`INSERT INTO ${cursors} (${cursors.$list(['name', 'seq'])}) VALUES (?, 0) ON CONFLICT (${cursors.name}) DO NOTHING`);
const LOCK_CURSOR = sql<[name: string]>({
  sqlite: `SELECT ${cursors.seq} FROM ${cursors} WHERE ${cursors.name} = ?`,
  postgresql: `SELECT ${cursors.seq} FROM ${cursors} WHERE ${cursors.name} = ? FOR UPDATE`,
});
const READ_CURSOR = sql<[name: string]>(`SELECT ${cursors.seq} FROM ${cursors} WHERE ${cursors.name} = ?`);
const ANY_EVENT_AFTER = sql<[seq: number]>(`SELECT ${events.seq} FROM ${events} WHERE ${events.seq} > ? LIMIT 1`);
const MOVE_CURSOR = sql<[seq: number, name: string]>(`UPDATE ${cursors} SET ${cursors.seq} = ? WHERE ${cursors.name} = ?`);
const EVENTS_AFTER = sql<[seq: number, limit: number]>(
  `SELECT ${events.$list(['id', 'seq', 'type'])} FROM ${events} WHERE ${events.seq} > ? ORDER BY ${events.seq} LIMIT ?`,
);
const INSERT_DELIVERY = sql<[webhookId: number, eventId: number, nextAttemptMs: number, createdMs: number]>(
  `INSERT INTO ${deliveries} (${deliveries.$list(['webhookId', 'eventId', 'status', 'attempts', 'nextAttemptMs', 'createdMs'])}) ` +
    `VALUES (?, ?, 'pending', 0, ?, ?) ON CONFLICT (${deliveries.$list(['webhookId', 'eventId'])}) DO NOTHING`,
);

/** Due, unclaimed (or with an expired claim) deliveries of enabled webhooks, oldest due first. */
const DUE = `SELECT ${deliveries.id} FROM ${deliveries} WHERE ${deliveries.status} = 'pending' AND ${deliveries.nextAttemptMs} <= ? AND (${deliveries.claimedUntilMs} IS NULL OR ${deliveries.claimedUntilMs} < ?) AND ${deliveries.webhookId} IN (SELECT ${hooks.id} FROM ${hooks} WHERE ${hooks.enabled} = TRUE) ORDER BY ${deliveries.nextAttemptMs}, ${deliveries.id} LIMIT ?`;
const ANY_DUE = sql<[now: number, now2: number]>(
  `SELECT ${deliveries.id} FROM ${deliveries} WHERE ${deliveries.status} = 'pending' AND ${deliveries.nextAttemptMs} <= ? AND (${deliveries.claimedUntilMs} IS NULL OR ${deliveries.claimedUntilMs} < ?) LIMIT 1`,
);
const t = deliveries.$as('t');
// SQLite's RETURNING names the updated table's columns bare; PostgreSQL's needs the alias (`due` has an `id` too).
const CLAIM_SET = `UPDATE ${t} SET ${deliveries.$set(['claimedBy', 'claimedUntilMs'])} FROM due WHERE ${t.id} = due.id RETURNING`;
/** The rows are picked (and, on PostgreSQL, locked) once, in the CTE, then claimed: never more than `limit`. */
const CLAIM = sql<[now: number, now2: number, limit: number, node: string, until: number]>({
  sqlite: `WITH due AS (${DUE}) ${CLAIM_SET} ${deliveries.id}`,
  // SKIP LOCKED: nodes claiming at the same moment each take other rows instead of waiting for one another.
  postgresql: `WITH due AS (${DUE} FOR UPDATE SKIP LOCKED) ${CLAIM_SET} ${t.id}`,
});
const CLAIMED = `SELECT ${d.id}, ${d.webhookId}, ${d.attempts}, ${h('url')}, ${h('secret')}, ${e.seq}, ${e.type}, ${e.payload}, ${e.userId}, ${e.occurredMs} FROM ${d} JOIN ${hooks} AS h ON h.id = ${d.webhookId} JOIN ${e} ON ${e.id} = ${d.eventId} WHERE ${d.id} IN `;
const RECORD_DELIVERED = sql<[attempts: number, status: number, deliveredMs: number, id: number, node: string]>(
  `UPDATE ${deliveries} SET ${deliveries.status} = 'delivered', ${deliveries.$set(['attempts', 'lastStatus', 'deliveredMs'])}, ${deliveries.lastError} = NULL, ${deliveries.claimedBy} = NULL, ${deliveries.claimedUntilMs} = NULL ` +
    `WHERE ${deliveries.id} = ? AND ${deliveries.claimedBy} = ? AND ${deliveries.status} = 'pending'`,
);
const RECORD_FAILED = sql<[status: string, attempts: number, nextAttemptMs: number, lastStatus: number | null, lastError: string, id: number, node: string]>(
  `UPDATE ${deliveries} SET ${deliveries.$set(['status', 'attempts', 'nextAttemptMs', 'lastStatus', 'lastError'])}, ${deliveries.claimedBy} = NULL, ${deliveries.claimedUntilMs} = NULL ` +
    `WHERE ${deliveries.id} = ? AND ${deliveries.claimedBy} = ? AND ${deliveries.status} = 'pending'`,
);
const COUNT_DELIVERIES = sql<[webhookId: number]>(`SELECT COUNT(*) AS n FROM ${deliveries} WHERE ${deliveries.webhookId} = ?`);
const COUNT_DELIVERIES_IN = sql<[webhookId: number, status: string]>(`SELECT COUNT(*) AS n FROM ${deliveries} WHERE ${deliveries.webhookId} = ? AND ${deliveries.status} = ?`);
const DELIVERY_FROM = `FROM ${d} JOIN ${e} ON ${e.id} = ${d.eventId}`;
const PAGE = sql<[webhookId: number, limit: number, offset: number]>(`SELECT ${DELIVERY_COLUMNS} ${DELIVERY_FROM} WHERE ${d.webhookId} = ? ORDER BY ${d.id} DESC LIMIT ? OFFSET ?`);
const PAGE_IN = sql<[webhookId: number, status: string, limit: number, offset: number]>(
  `SELECT ${DELIVERY_COLUMNS} ${DELIVERY_FROM} WHERE ${d.webhookId} = ? AND ${d.status} = ? ORDER BY ${d.id} DESC LIMIT ? OFFSET ?`,
);
const LOAD_DELIVERY = sql<[id: number, webhookId: number]>(`SELECT ${DELIVERY_COLUMNS} ${DELIVERY_FROM} WHERE ${d.id} = ? AND ${d.webhookId} = ?`);
const REDELIVER = sql<[nextAttemptMs: number, id: number, webhookId: number]>(
  `UPDATE ${deliveries} SET ${deliveries.status} = 'pending', ${deliveries.attempts} = 0, ${deliveries.nextAttemptMs} = ?, ${deliveries.claimedBy} = NULL, ${deliveries.claimedUntilMs} = NULL ` +
    `WHERE ${deliveries.id} = ? AND ${deliveries.webhookId} = ?`,
);

function h(column: 'url' | 'secret'): string {
  return `h.${hooks.$column(column)}`;
}

/** An event to deliver to one webhook, claimed by one node until its lease ends. */
export interface ClaimedDelivery {
  /** The delivery's id (`X-Contentrepo-Delivery`; the same on every retry). */
  readonly id: number;
  readonly webhookId: number;
  readonly url: string;
  readonly secret: string;
  /** Tries made before this one. */
  readonly attempts: number;
  readonly event: PublishedEvent;
}

/** What one try of a delivery gave. */
export type DeliveryOutcome =
  | { readonly ok: true; readonly status: number }
  | { readonly ok: false; readonly status: number | null; readonly error: string };

/** When failed tries are tried again, and how many tries a delivery gets. */
export interface RetryPolicy {
  /**
   * The wait after the 1st, 2nd… failed try, in ms; the last one repeats. Each wait is spread by ±`jitter` of
   * itself at random, so that deliveries failing together do not come back together.
   */
  readonly delaysMs: readonly number[];
  /** Tries in all; after the last one fails the delivery is `failed`. */
  readonly maxAttempts: number;
  /** Spread of each wait, a fraction in [0, 1) (default 0.2). */
  readonly jitter?: number;
}

/** 10 s, 30 s, 1 min, 5 min, 15 min, 1 h, then every 6 h: 10 tries over about 20 hours. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  delaysMs: [10_000, 30_000, 60_000, 300_000, 900_000, 3_600_000, 21_600_000],
  maxAttempts: 10,
  jitter: 0.2,
};

/**
 * The wait before try `attempts + 1` after `attempts` failed tries (see {@link RetryPolicy}); `random` in [0, 1).
 * @throws RangeError for `attempts` < 1
 */
export function retryDelayMs(policy: RetryPolicy, attempts: number, random: () => number = Math.random): number {
  if (attempts < 1) throw new RangeError('retryDelayMs: attempts must be at least 1');
  const base = policy.delaysMs[Math.min(attempts, policy.delaysMs.length) - 1] ?? 0;
  const jitter = policy.jitter ?? 0.2;
  return Math.max(0, Math.round(base * (1 + jitter * (2 * random() - 1))));
}

/**
 * Whether an event named `type` matches a webhook's `patterns`: `*` matches all, `<prefix>.*` every name starting
 * with `<prefix>.`, anything else the name itself.
 */
export function eventMatches(patterns: readonly string[], type: string): boolean {
  return patterns.some((pattern) => pattern === '*' || pattern === type || (pattern.endsWith('.*') && type.startsWith(pattern.slice(0, -1))));
}

/** The hint shown for a secret: its last 4 characters after `…` when it has at least 12, else `…`. */
export function secretHint(secret: string): string {
  return secret.length >= 12 ? `…${secret.slice(-4)}` : '…';
}

/** `message` cut to {@link MAX_ERROR_LENGTH} characters. */
function truncate(message: string): string {
  return message.length <= MAX_ERROR_LENGTH ? message : `${message.slice(0, MAX_ERROR_LENGTH - 1)}…`;
}

/**
 * Webhooks on the tables `webhook` and `webhook_delivery`, fed from the outbox `domain_event`:
 * - management ({@link WebhookStore}) for the REST routes and the command line;
 * - {@link SqlWebhookStore.fanOut}: reads the numbered events after the cursor `webhooks` (in `seq` order, the
 *   only order the outbox promises readers) and creates a pending delivery per matching enabled webhook, moving
 *   the cursor in the same transaction, with the cursor row locked (PostgreSQL `FOR UPDATE`; SQLite has one
 *   writer) so that nodes fanning out together never hand an event out twice, and an event is handed out once
 *   the transaction commits or not at all;
 * - {@link SqlWebhookStore.claim} and {@link SqlWebhookStore.record}: a node takes due deliveries for a lease
 *   (PostgreSQL `FOR UPDATE SKIP LOCKED`: nodes claiming together take different rows), tries them, and records
 *   each outcome, which only the holder of the claim can.
 * Times are Unix milliseconds passed by the caller (its clock).
 */
export class SqlWebhookStore implements WebhookStore {
  constructor(private readonly ctx: SqlContext) {}

  async list(): Promise<Webhook[]> {
    return (await this.ctx.all(LIST_HOOKS, [])).map(toWebhook);
  }

  async load(id: number): Promise<Webhook | null> {
    const row = await this.ctx.one(LOAD_HOOK, [id]);
    return row && toWebhook(row);
  }

  async create(struct: WebhookCreateStruct): Promise<Webhook> {
    const row = await this.ctx.one(INSERT_HOOK, [struct.url, JSON.stringify(struct.events), struct.secret, struct.enabled ?? true, toSeconds(new Date())]);
    const created = row && (await this.load(row.int(hooks.id)));
    if (!created) throw new Error('The created webhook could not be read back');
    return created;
  }

  async update(id: number, struct: WebhookUpdateStruct): Promise<Webhook | null> {
    return this.ctx.transaction(async (tx) => {
      const row = await tx.one(LOCK_HOOK, [id]);
      if (!row) return null;
      await tx.write(UPDATE_HOOK, [
        struct.url ?? row.str(hooks.url),
        JSON.stringify(struct.events ?? eventsOf(row)),
        struct.secret ?? row.str(hooks.secret),
        struct.enabled ?? row.bool(hooks.enabled),
        id,
      ]);
      const updated = await tx.one(LOAD_HOOK, [id]);
      return updated && toWebhook(updated);
    });
  }

  async delete(id: number): Promise<boolean> {
    // The webhook first: its row lock waits for a fan-out handing it events, whose deliveries the next statement
    // then sees and deletes (and a later fan-out no longer finds the webhook).
    return this.ctx.transaction(async (tx) => {
      const deleted = await tx.write(DELETE_HOOK, [id]);
      await tx.write(DELETE_HOOK_DELIVERIES, [id]);
      return deleted > 0;
    });
  }

  async deliveries(
    webhookId: number,
    page: { readonly offset: number; readonly limit: number; readonly status?: WebhookDeliveryStatus },
  ): Promise<WebhookDeliveryPage | null> {
    if (!(await this.ctx.one(LOAD_HOOK, [webhookId]))) return null;
    const { offset, limit, status } = page;
    const [count, rows] =
      status === undefined
        ? [await this.ctx.one(COUNT_DELIVERIES, [webhookId]), await this.ctx.all(PAGE, [webhookId, limit, offset])]
        : [await this.ctx.one(COUNT_DELIVERIES_IN, [webhookId, status]), await this.ctx.all(PAGE_IN, [webhookId, status, limit, offset])];
    return { totalCount: count?.int('n') ?? 0, items: rows.map(toDelivery) };
  }

  async redeliver(webhookId: number, deliveryId: number, nowMs: number): Promise<WebhookDelivery | null> {
    if ((await this.ctx.write(REDELIVER, [nowMs, deliveryId, webhookId])) === 0) return null;
    const row = await this.ctx.one(LOAD_DELIVERY, [deliveryId, webhookId]);
    return row && toDelivery(row);
  }

  /** One delivery of the log, or null when unknown (or of another webhook). */
  async delivery(webhookId: number, deliveryId: number): Promise<WebhookDelivery | null> {
    const row = await this.ctx.one(LOAD_DELIVERY, [deliveryId, webhookId]);
    return row && toDelivery(row);
  }

  /**
   * Hands the next `batch` numbered events after the cursor to the enabled webhooks whose patterns match them (a
   * pending delivery each, due at `nowMs`) and moves the cursor past them, in one transaction. Returns how many
   * events it read: fewer than `batch` means it has caught up.
   */
  async fanOut(nowMs: number, batch = 500): Promise<number> {
    // Idle rounds only read: the locked transaction starts when there is something to hand out.
    const position = await this.ctx.one(READ_CURSOR, [WEBHOOK_CURSOR]);
    if (position !== null && (await this.ctx.one(ANY_EVENT_AFTER, [position.int(cursors.seq)])) === null) return 0;
    return this.ctx.transaction(async (tx) => {
      // The first fan-out creates the cursor; nodes doing it together wait for the first insert, then find it.
      if (position === null) await tx.write(CREATE_CURSOR, [WEBHOOK_CURSOR]);
      const cursor = await tx.one(LOCK_CURSOR, [WEBHOOK_CURSOR]);
      const after = cursor?.int(cursors.seq) ?? 0;
      const rows = await tx.all(EVENTS_AFTER, [after, batch]);
      const last = rows.at(-1);
      if (!last) return 0;
      const targets = (await tx.all(ENABLED_HOOKS, [])).map((row) => ({ id: row.int(hooks.id), patterns: eventsOf(row) }));
      for (const event of rows) {
        const type = event.str(events.type);
        for (const target of targets) {
          if (eventMatches(target.patterns, type)) await tx.write(INSERT_DELIVERY, [target.id, event.int(events.id), nowMs, nowMs]);
        }
      }
      await tx.write(MOVE_CURSOR, [last.int(events.seq), WEBHOOK_CURSOR]);
      return rows.length;
    });
  }

  /**
   * Claims up to `limit` due deliveries for `node` until `nowMs + leaseMs` and returns them with their webhook and
   * event. Another node takes a delivery over only once the lease has passed (the holder died or hung).
   */
  async claim(node: string, nowMs: number, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
    if ((await this.ctx.one(ANY_DUE, [nowMs, nowMs])) === null) return [];
    const claimed = await this.ctx.transaction((tx) => tx.all(CLAIM, [nowMs, nowMs, limit, node, nowMs + leaseMs]));
    if (claimed.length === 0) return [];
    const ids = claimed.map((row) => row.int(deliveries.id));
    const rows = await this.ctx.rawRows(`${CLAIMED}(${ids.map(() => '?').join(', ')}) ORDER BY ${e.seq}`, ids);
    return rows.map((row) => ({
      id: row.int(deliveries.id),
      webhookId: row.int(deliveries.webhookId),
      url: row.str(hooks.$column('url')),
      secret: row.str(hooks.$column('secret')),
      attempts: row.int(deliveries.attempts),
      event: {
        seq: row.int(events.seq),
        type: row.str(events.type),
        payload: (row.json(events.payload) ?? {}) as Readonly<Record<string, unknown>>,
        userId: row.intOrNull(events.userId),
        occurredAt: new Date(row.int(events.occurredMs)),
      },
    }));
  }

  /**
   * Records the outcome of `node`'s try of `delivery` at `nowMs`: delivered, or pending again after
   * `retryDelayMs(policy, attempts)`, or `failed` once `policy.maxAttempts` tries were made. Returns false (and
   * changes nothing) when `node` no longer holds the claim.
   */
  async record(node: string, delivery: ClaimedDelivery, outcome: DeliveryOutcome, nowMs: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY, random?: () => number): Promise<boolean> {
    const attempts = delivery.attempts + 1;
    if (outcome.ok) return (await this.ctx.write(RECORD_DELIVERED, [attempts, outcome.status, nowMs, delivery.id, node])) > 0;
    const failed = attempts >= policy.maxAttempts;
    const next = failed ? nowMs : nowMs + retryDelayMs(policy, attempts, random);
    return (await this.ctx.write(RECORD_FAILED, [failed ? 'failed' : 'pending', attempts, next, outcome.status, truncate(outcome.error), delivery.id, node])) > 0;
  }
}

function eventsOf(row: Row): string[] {
  const value = row.json(hooks.events);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function toWebhook(row: Row): Webhook {
  return {
    id: row.int(hooks.id),
    url: row.str(hooks.url),
    events: eventsOf(row),
    enabled: row.bool(hooks.enabled),
    created: row.date(hooks.created),
    secretHint: secretHint(row.str(hooks.secret)),
  };
}

const STATUSES: readonly WebhookDeliveryStatus[] = ['pending', 'delivered', 'failed'];

function deliveryStatus(value: string): WebhookDeliveryStatus {
  const status = STATUSES.find((candidate) => candidate === value);
  if (status === undefined) throw new Error(`webhook_delivery.status: unexpected '${value}'`);
  return status;
}

function toDelivery(row: Row): WebhookDelivery {
  const deliveredMs = row.intOrNull(deliveries.deliveredMs);
  return {
    id: row.int(deliveries.id),
    webhookId: row.int(deliveries.webhookId),
    eventSeq: row.int(events.seq),
    eventType: row.str(events.type),
    status: deliveryStatus(row.str(deliveries.status)),
    attempts: row.int(deliveries.attempts),
    nextAttemptAt: new Date(row.int(deliveries.nextAttemptMs)),
    lastStatus: row.intOrNull(deliveries.lastStatus),
    lastError: row.strOrNull(deliveries.lastError),
    deliveredAt: deliveredMs === null ? null : new Date(deliveredMs),
    createdAt: new Date(row.int(deliveries.createdMs)),
  };
}
