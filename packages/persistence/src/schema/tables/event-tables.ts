import { column } from '../columns.js';
import { defineTable } from '../table.js';

/**
 * Domain events and their delivery: the outbox written in the transaction of each change, the position of each
 * reader of it, and the webhooks fed from it (docs/adr/0027-events-outbox.md).
 */

/**
 * `domain_event`: the outbox. One row per domain event, inserted in the transaction of the change it reports, so
 * that an event exists exactly when its change committed. `id` is assigned at insert and orders nothing across
 * transactions (PostgreSQL commits them in another order than it hands out ids). `seq` is the event's place in
 * the published order: null until the relay, one transaction at a time, numbers the committed events after the
 * last numbered one; readers (the change feed's `Last-Event-ID`, webhooks) follow `seq` only, so that none skips
 * an event that committed late. `type` is the event's name (`content.published`), `payload` its JSON data,
 * `userId` the content id of the user whose request caused it (null for the system), `occurredMs` Unix
 * milliseconds at insert.
 */
export const domainEvent = defineTable(
  'domain_event',
  {
    id: column.integer().autoIncrement(),
    seq: column.bigint().orNull(),
    type: column.varchar(64),
    payload: column.json(),
    userId: column.integer().orNull(),
    occurredMs: column.bigint(),
  },
  { primaryKey: ['id'], uniques: [{ columns: ['seq'] }] },
);

/**
 * `event_cursor`: how far a durable reader of the outbox has read (`name`, e.g. `webhooks`): the `seq` of the last
 * event it has handled. A reader advances its row in the transaction that records what it did with the events,
 * holding the row locked meanwhile so that one node at a time reads on.
 */
export const eventCursor = defineTable('event_cursor', { name: column.varchar(64), seq: column.bigint() }, { primaryKey: ['name'] });

/**
 * `webhook`: an HTTP endpoint registered by an administrator. `events` is a JSON array of event names or patterns
 * (`content.*`, `*`) it receives; `secret` signs each delivery (HMAC-SHA256); `enabled` pauses it when false;
 * `created` Unix seconds.
 */
export const webhook = defineTable(
  'webhook',
  {
    id: column.integer().autoIncrement(),
    url: column.text(),
    events: column.json(),
    secret: column.text(),
    enabled: column.boolean().withDefault(true),
    created: column.seconds(),
  },
  { primaryKey: ['id'] },
);

/**
 * `webhook_delivery`: one event to deliver to one webhook, and its log. `status` is `pending` (to be tried at
 * `nextAttemptMs`), `delivered` or `failed` (no attempts left); `attempts` counts the tries made; a node trying
 * it holds it until `claimedUntilMs` (another node may take it over after that), under `claimedBy`; the last
 * try's HTTP status (`lastStatus`, null when no answer) and error (`lastError`); `deliveredMs` when it
 * succeeded; `createdMs` when the event was fanned out. Times are Unix milliseconds.
 */
export const webhookDelivery = defineTable(
  'webhook_delivery',
  {
    id: column.integer().autoIncrement(),
    webhookId: column.integer(),
    eventId: column.integer(),
    status: column.varchar(16),
    attempts: column.integer().withDefault(0),
    nextAttemptMs: column.bigint(),
    claimedBy: column.varchar(64).orNull(),
    claimedUntilMs: column.bigint().orNull(),
    lastStatus: column.integer().orNull(),
    lastError: column.text().orNull(),
    deliveredMs: column.bigint().orNull(),
    createdMs: column.bigint(),
  },
  {
    primaryKey: ['id'],
    uniques: [{ columns: ['webhookId', 'eventId'] }],
    indexes: [{ columns: ['status', 'nextAttemptMs'] }, { columns: ['eventId'] }],
  },
);
