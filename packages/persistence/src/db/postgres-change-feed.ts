import { createHash } from 'node:crypto';
import type { Change, ChangeEvent, ChangeListener } from '@contentrepo/core';
import type { Knex } from '@mikro-orm/knex';
import { isLockKind } from './aggregate-locks.js';
import { type ChangeFeedWarn, type ChangePublisher, LocalChangeFeed, type StoreChangeFeed } from './local-change-feed.js';
import { isRecord } from './row.js';
import type { SqlContext } from './sql-context.js';

/** Longest channel name PostgreSQL accepts (`NAMEDATALEN` - 1 bytes). */
const MAX_CHANNEL_BYTES = 63;
/** Longest payload of one notification: PostgreSQL refuses 8000 bytes and more. */
const MAX_PAYLOAD_BYTES = 7900;

/**
 * The notification channel of the database schema `schema`: `contentrepo_changes_<schema>`, so that stores in
 * other schemas of the same database (test runs, other installations) never hear each other; a schema name too
 * long for a channel is replaced by a digest of it.
 */
export function changeChannel(schema: string): string {
  const channel = `contentrepo_changes_${schema}`;
  if (Buffer.byteLength(channel) <= MAX_CHANNEL_BYTES) return channel;
  return `contentrepo_changes_${createHash('sha256').update(schema).digest('hex').slice(0, 32)}`;
}

/**
 * The notification channel of the domain events numbered in the schema `schema` (see `EventLog`):
 * `contentrepo_events_<schema>`, or a digest as {@link changeChannel}. A channel apart from the change feed's, so
 * that nodes of an earlier version (which do not listen to it) never see its payloads during a rolling upgrade.
 */
export function eventsChannel(schema: string): string {
  const channel = `contentrepo_events_${schema}`;
  if (Buffer.byteLength(channel) <= MAX_CHANNEL_BYTES) return channel;
  return `contentrepo_events_${createHash('sha256').update(schema).digest('hex').slice(0, 32)}`;
}

/**
 * The payloads announcing `changes`: `kind:id` items joined by commas (`content:12,location:3`), split so that
 * each stays below PostgreSQL's payload limit.
 */
export function encodeChanges(changes: readonly Change[]): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const { kind, id } of changes) {
    const item = `${kind}:${id}`;
    if (current !== '' && current.length + 1 + item.length > MAX_PAYLOAD_BYTES) {
      payloads.push(current);
      current = '';
    }
    current = current === '' ? item : `${current},${item}`;
  }
  if (current !== '') payloads.push(current);
  return payloads;
}

/**
 * The events of a payload of {@link encodeChanges}. A payload that cannot be read whole (an unknown kind, e.g.
 * from a newer node during a rolling upgrade) is one `flush`: what changed is unknown.
 */
export function decodeChanges(payload: string): ChangeEvent[] {
  const events: ChangeEvent[] = [];
  for (const item of payload.split(',')) {
    const [kind = '', id = '', extra] = item.split(':');
    if (extra !== undefined || !/^\d{1,15}$/.test(id) || (kind !== 'session' && !isLockKind(kind))) return [{ kind: 'flush' }];
    events.push({ kind, id: Number(id) });
  }
  return events;
}

/** The part of a dedicated `pg` client this feed uses. */
interface ListenConnection {
  query(text: string): Promise<unknown>;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
}

function isListenConnection(value: unknown): value is ListenConnection {
  return isRecord(value) && typeof value['query'] === 'function' && typeof value['on'] === 'function';
}

/** Timings of {@link PostgresChangeFeed} (milliseconds). */
export interface ChangeFeedTimings {
  /** Wait before connecting again after the connection failed or was lost (default 1000). */
  readonly retryMs?: number | undefined;
  /** How often the idle connection is checked with a query that must answer within as long (default 10,000). */
  readonly heartbeatMs?: number | undefined;
}

/** Options of {@link PostgresChangeFeed}. */
export interface PostgresChangeFeedOptions extends ChangeFeedTimings {
  /** The knex client of the store: opens the feed's dedicated connection, outside the pool. */
  readonly client: Knex.Client;
  /** The channel of the store's schema ({@link changeChannel}). */
  readonly channel: string;
  readonly warn?: ChangeFeedWarn | undefined;
}

/**
 * The change feed on PostgreSQL `LISTEN`/`NOTIFY`. A write announces its changes with `pg_notify` inside its
 * transaction: PostgreSQL delivers the notification when (and only if) the transaction commits, to every
 * connection listening on the channel — each node's feed, this one's included.
 *
 * One dedicated connection per feed, outside the pool, opened by the first `subscribe`, listens on the channel.
 * When it fails or is lost (or a heartbeat query gets no answer) announcements may be missed: listeners get a
 * `flush` then, again after every failed attempt to reconnect (every `retryMs`), and once more when the channel
 * is heard again. While the feed is down, caches are thus emptied about every `retryMs`, as short TTLs would.
 */
export class PostgresChangeFeed implements StoreChangeFeed, ChangePublisher {
  private readonly local: LocalChangeFeed;
  private readonly warn: ChangeFeedWarn;
  private readonly retryMs: number;
  private readonly heartbeatMs: number;
  private state: 'idle' | 'connecting' | 'listening' | 'waiting' | 'closed' = 'idle';
  /** The connection being opened or listening; handlers of any other connection are inert. */
  private connection: ListenConnection | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private waiters: (() => void)[] = [];
  /** The events channel and what it wakes ({@link followEvents}). */
  private events: { readonly channel: string; readonly wake: (lastSeq: number) => void } | null = null;

  constructor(private readonly options: PostgresChangeFeedOptions) {
    this.warn = options.warn ?? (() => undefined);
    this.local = new LocalChangeFeed(this.warn);
    this.retryMs = options.retryMs ?? 1000;
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
  }

  subscribe(listener: ChangeListener): () => void {
    const unsubscribe = this.local.subscribe(listener);
    this.start();
    return unsubscribe;
  }

  listening(): Promise<void> {
    if (this.state === 'listening') return Promise.resolve();
    this.start();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /**
   * Also listens to the domain events' `channel` ({@link eventsChannel}): `wake` is called with the `seq` each
   * notification carries, and with 0 whenever the connection is (re)established or lost (notifications may have
   * been missed). Call before the feed connects (before the first `subscribe`); connects it.
   */
  followEvents(channel: string, wake: (lastSeq: number) => void): void {
    this.events = { channel, wake };
    this.start();
  }

  async publish(ctx: SqlContext, changes: readonly Change[]): Promise<void> {
    for (const payload of encodeChanges(changes)) await ctx.run('SELECT pg_notify(?, ?)', [this.options.channel, payload]);
  }

  /** Stops listening and closes the connection; listeners get nothing more. */
  async close(): Promise<void> {
    this.state = 'closed';
    this.local.close();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    const connection = this.connection;
    this.connection = null;
    for (const resolve of this.waiters.splice(0)) resolve();
    if (connection) await this.dispose(connection);
  }

  private start(): void {
    if (this.state === 'idle') void this.connect();
  }

  private async connect(): Promise<void> {
    this.state = 'connecting';
    let connection: ListenConnection | null = null;
    try {
      const raw: unknown = await this.options.client.acquireRawConnection();
      if (!isListenConnection(raw)) throw new Error('Unexpected PostgreSQL connection object (expected pg.Client)');
      connection = raw;
      const own = raw;
      if (this.state !== 'connecting') {
        await this.dispose(own);
        return;
      }
      this.connection = own;
      own.on('notification', (message: unknown) => this.received(own, message));
      own.on('error', (error: unknown) => this.lost(own, error));
      own.on('end', () => this.lost(own, new Error('The connection ended')));
      const name = this.options.channel.slice(0, 40).replaceAll("'", "''");
      await own.query(`SET application_name = 'contentrepo ${name}'`);
      await own.query(`LISTEN "${this.options.channel.replaceAll('"', '""')}"`);
      if (this.events) await own.query(`LISTEN "${this.events.channel.replaceAll('"', '""')}"`);
      if (this.connection !== own) return;
      this.state = 'listening';
      this.heartbeatTimer = setInterval(() => this.heartbeat(own), this.heartbeatMs);
      this.heartbeatTimer.unref();
      this.local.emit({ kind: 'flush' });
      this.events?.wake(0);
      for (const resolve of this.waiters.splice(0)) resolve();
    } catch (error) {
      if (connection === null || this.connection === connection) this.lost(connection, error);
    }
  }

  private received(connection: ListenConnection, message: unknown): void {
    if (this.connection !== connection || !isRecord(message)) return;
    const payload = message['payload'];
    if (this.events && message['channel'] === this.events.channel) {
      this.events.wake(typeof payload === 'string' && /^\d{1,15}$/.test(payload) ? Number(payload) : 0);
      return;
    }
    if (message['channel'] !== this.options.channel) return;
    for (const event of typeof payload === 'string' ? decodeChanges(payload) : [{ kind: 'flush' } as const]) this.local.emit(event);
  }

  /** The connection failed or could not be opened: flush, and connect again after `retryMs`. */
  private lost(connection: ListenConnection | null, error: unknown): void {
    if (this.state === 'closed' || (connection !== null && this.connection !== connection)) return;
    this.connection = null;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    if (connection) void this.dispose(connection);
    this.warn(`Change feed: not listening on ${this.options.channel} (retrying in ${this.retryMs} ms); caches are flushed`, error);
    this.local.emit({ kind: 'flush' });
    this.events?.wake(0);
    this.state = 'waiting';
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.state === 'waiting') void this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
  }

  /** A query that must answer within `heartbeatMs`: a connection lost without notice (no FIN) is found. */
  private heartbeat(connection: ListenConnection): void {
    const timeout = setTimeout(() => this.lost(connection, new Error('The heartbeat query got no answer')), this.heartbeatMs);
    timeout.unref();
    connection.query('SELECT 1').then(
      () => clearTimeout(timeout),
      (error: unknown) => {
        clearTimeout(timeout);
        this.lost(connection, error);
      },
    );
  }

  /** Closes a connection without waiting more than a second (a dead socket may never answer). */
  private async dispose(connection: ListenConnection): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const bounded = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, 1000);
      timer.unref();
    });
    await Promise.race([this.options.client.destroyRawConnection(connection).catch(() => undefined), bounded]);
    clearTimeout(timer);
  }
}
