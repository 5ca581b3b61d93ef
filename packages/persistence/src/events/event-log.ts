import type { PublishedEvent } from '@contentrepo/core';
import type { Row } from '../db/row.js';
import type { SqlContext } from '../db/sql-context.js';

/** Default of {@link EventLogOptions.retentionMs}: numbered events are kept 7 days. */
export const DEFAULT_EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Default of {@link EventLogOptions.sweepMs}: the relay runs every 5 s besides after each commit. */
export const DEFAULT_EVENT_SWEEP_MS = 5000;
/** Default of {@link EventLogOptions.pollMs}: subscriptions look for new events every second without a wake-up. */
export const DEFAULT_EVENT_POLL_MS = 1000;

/** Most events one relay transaction numbers; a relay pass goes on while batches are full. */
const RELAY_BATCH = 1000;
/** Most relay transactions of one pass (a bound: the next trigger or sweep goes on). */
const RELAY_BATCHES_PER_PASS = 20;
/** Most events one retention pass deletes. */
const PRUNE_BATCH = 10_000;
/** Retention runs at most this often (ms), on the sweep. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** Events a subscription reads per query. */
const READ_PAGE = 200;

/**
 * Numbers up to `?` (2nd parameter) pending events after `?` (1st). PostgreSQL hands out ids to concurrent
 * transactions interleaved: the events of one transaction (same `xmin`) are kept together, transactions in the
 * order of their first id, each in id order. SQLite numbers at insert (see `SqlEventOutbox`); its relay only
 * meets rows left without `seq`, in id order.
 */
const NUMBER_POSTGRES = `UPDATE domain_event SET seq = ? + numbered.position
  FROM (SELECT id, row_number() OVER (ORDER BY first_id, id) AS position
        FROM (SELECT id, min(id) OVER (PARTITION BY xmin::text) AS first_id FROM domain_event WHERE seq IS NULL) AS pending
        ORDER BY first_id, id LIMIT ?) AS numbered
  WHERE domain_event.id = numbered.id
  RETURNING domain_event.seq AS seq`;
const NUMBER_SQLITE = `UPDATE domain_event SET seq = ? + numbered.position
  FROM (SELECT id, row_number() OVER (ORDER BY id) AS position
        FROM (SELECT id FROM domain_event WHERE seq IS NULL ORDER BY id LIMIT ?) AS pending) AS numbered
  WHERE domain_event.id = numbered.id
  RETURNING domain_event.seq AS seq`;

/** Options of {@link EventLog}. */
export interface EventLogOptions {
  /**
   * How long a numbered event is kept, in ms (`EVENT_RETENTION_HOURS` of the server; default 7 days): older ones
   * are deleted once every durable cursor (`event_cursor`) has passed them. The newest event is always kept.
   */
  readonly retentionMs?: number | undefined;
  /** How often the relay sweeps for events a crashed node committed but did not number, in ms (default 5000). */
  readonly sweepMs?: number | undefined;
  /** How often a subscription looks for new events when nothing woke it, in ms (default 1000). */
  readonly pollMs?: number | undefined;
  /** Receives what goes wrong in the background (a failed relay pass, a listener that threw). */
  readonly warn?: ((message: string, error?: unknown) => void) | undefined;
  /**
   * PostgreSQL: the notification channel numbered events are announced on (`pg_notify` in the relay transaction),
   * which every node's feed listens to; undefined on SQLite.
   */
  readonly notifyChannel?: string | undefined;
}

/**
 * What readers of the published events use (`Persistence.events` without the relay's own controls): the server's
 * `App.events` for embedders.
 */
export type EventReader = Pick<EventLog, 'subscribe' | 'read' | 'lastSeq' | 'onPublished' | 'depth'>;

/** Receives each published event once per subscription, in `seq` order; the next waits for its promise. */
export type PublishedEventListener = (event: PublishedEvent) => void | Promise<void>;

/** Options of {@link EventLog.subscribe}. */
export interface SubscribeOptions {
  /**
   * Deliver the events after this `seq` (a position the subscriber saved: the `seq` of the last event it
   * handled); 0 for every event still kept. Default: only events published after the subscription started.
   */
  readonly after?: number | undefined;
}

/**
 * The published side of the outbox: the relay that numbers committed events, reading them in `seq` order, the
 * retention of old ones, and subscriptions for in-process readers.
 *
 * **Numbering** ({@link relay}): one short transaction takes the events without `seq` (on PostgreSQL those of one
 * transaction together, in `id` order) and gives them `max(seq) + 1…`. SQLite numbers events at their insert
 * instead (`SqlEventOutbox`); its relay only meets rows left unnumbered. The transactions are serialised across nodes (PostgreSQL: `pg_advisory_xact_lock` keyed by
 * the schema; SQLite: its write lock), and a reader's snapshot sees the numbering transactions whole and in order,
 * so the visible `seq`s are always 1…n without gaps: a reader that has handled `seq` n never misses an event by
 * reading `seq > n` later, even one whose own transaction committed late. Triggered after each local commit that
 * recorded events, and every `sweepMs` (events of a node that stopped between its commit and its relay).
 *
 * **Wake-ups**: after numbering, the relay calls the {@link onPublished} listeners of this node and, on
 * PostgreSQL, notifies `notifyChannel` (every node's feed passes it to {@link wake}). Subscriptions also poll every
 * `pollMs`, which covers a lost notification and the other processes of one SQLite file.
 */
export class EventLog {
  private readonly retentionMs: number;
  private readonly sweepMs: number;
  private readonly pollMs: number;
  private readonly warn: (message: string, error?: unknown) => void;
  private readonly notifyChannel: string | undefined;
  private readonly published = new Set<(lastSeq: number) => void>();
  private readonly stops = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private sweepTimer: NodeJS.Timeout | null = null;
  private lastPrune = 0;
  private closed = false;

  constructor(
    private readonly root: SqlContext,
    options: EventLogOptions = {},
  ) {
    this.retentionMs = options.retentionMs ?? DEFAULT_EVENT_RETENTION_MS;
    this.sweepMs = options.sweepMs ?? DEFAULT_EVENT_SWEEP_MS;
    this.pollMs = options.pollMs ?? DEFAULT_EVENT_POLL_MS;
    this.warn = options.warn ?? (() => undefined);
    this.notifyChannel = options.notifyChannel;
  }

  /**
   * Starts the periodic sweep (relay and retention every `sweepMs`); idempotent. The server starts it; a store
   * opened for a one-off job need not.
   */
  start(): void {
    if (this.sweepTimer !== null || this.closed) return;
    this.sweepTimer = setInterval(() => {
      this.trigger();
      if (Date.now() - this.lastPrune >= PRUNE_EVERY_MS) {
        this.lastPrune = Date.now();
        this.prune().catch((error: unknown) => this.warn('Events: the retention pass failed', error));
      }
    }, this.sweepMs);
    this.sweepTimer.unref();
  }

  /**
   * Runs the relay soon, in the background (a pass already running runs once more after it): called after each
   * commit that recorded events. Failures are reported to `warn`; the sweep retries.
   */
  trigger(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.relay();
        } catch (error) {
          if (!this.closed) this.warn('Events: numbering the committed events failed (the sweep retries)', error);
        }
      } while (this.again && !this.closed);
    })().finally(() => {
      this.running = null;
    });
  }

  /**
   * Numbers the committed events that have no `seq` yet, in `id` order, after the highest `seq` (see the class
   * comment), in transactions of at most 1000 events, and wakes the readers when any were numbered.
   * @returns how many events were numbered.
   */
  async relay(): Promise<number> {
    let total = 0;
    let last = 0;
    for (let pass = 0; pass < RELAY_BATCHES_PER_PASS; pass++) {
      const numbered = await this.root.transaction(async (tx) => {
        if (tx.dialect === 'postgresql') await tx.run(`SELECT pg_advisory_xact_lock(hashtext('contentrepo-events:' || current_schema()))`);
        const top = (await tx.rawRows('SELECT max(seq) AS top FROM domain_event'))[0]?.intOrNull('top') ?? 0;
        const rows = await tx.rawRows(tx.dialect === 'postgresql' ? NUMBER_POSTGRES : NUMBER_SQLITE, [top, RELAY_BATCH]);
        const high = top + rows.length;
        if (rows.length > 0 && this.notifyChannel !== undefined) await tx.run('SELECT pg_notify(?, ?)', [this.notifyChannel, String(high)]);
        return { count: rows.length, high };
      });
      total += numbered.count;
      if (numbered.count > 0) last = numbered.high;
      if (numbered.count < RELAY_BATCH) break;
    }
    if (total > 0) this.wake(last);
    return total;
  }

  /**
   * Up to `limit` published events with `seq` > `afterSeq`, in `seq` order.
   * @throws RangeError for a negative or non-integer `afterSeq` or a `limit` outside 1…10,000.
   */
  async read(afterSeq: number, limit: number): Promise<PublishedEvent[]> {
    if (!Number.isSafeInteger(afterSeq) || afterSeq < 0) throw new RangeError(`afterSeq must be an integer >= 0, got ${afterSeq}`);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new RangeError(`limit must be an integer in 1…10000, got ${limit}`);
    const rows = await this.root.rawRows(
      'SELECT seq, type, payload, user_id, occurred_ms FROM domain_event WHERE seq > ? ORDER BY seq LIMIT ?',
      [afterSeq, limit],
    );
    return rows.map(toPublished);
  }

  /** The highest `seq` published (0 when none). */
  async lastSeq(): Promise<number> {
    return (await this.root.rawRows('SELECT max(seq) AS top FROM domain_event'))[0]?.intOrNull('top') ?? 0;
  }

  /**
   * The outbox's depth, for metrics: `unnumbered` committed events still waiting for the relay (normally 0 within
   * milliseconds on PostgreSQL, always 0 on SQLite; stays above 0 when numbering fails) and `lastSeq` the highest
   * published `seq`. Both read through the `seq` index.
   */
  async depth(): Promise<{ readonly unnumbered: number; readonly lastSeq: number }> {
    const [row] = await this.root.rawRows(
      'SELECT (SELECT count(*) FROM domain_event WHERE seq IS NULL) AS unnumbered, (SELECT max(seq) FROM domain_event) AS top',
    );
    return { unnumbered: row?.int('unnumbered') ?? 0, lastSeq: row?.intOrNull('top') ?? 0 };
  }

  /**
   * Deletes numbered events older than the retention that every durable cursor (`event_cursor`) has passed,
   * keeping the newest event (the numbering continues after it); at most 10,000 per call.
   * @returns how many were deleted.
   */
  async prune(now = Date.now()): Promise<number> {
    const [bounds] = await this.root.rawRows('SELECT (SELECT max(seq) FROM domain_event) AS top, (SELECT min(seq) FROM event_cursor) AS cursor');
    const top = bounds?.intOrNull('top') ?? null;
    if (top === null) return 0;
    const cursor = bounds?.intOrNull('cursor') ?? null;
    // Below `below`: passed by every cursor, and not the newest.
    const below = Math.min(top, cursor === null ? top : cursor + 1);
    const rows = await this.root.rawRows(
      `DELETE FROM domain_event WHERE id IN (SELECT id FROM domain_event WHERE seq < ? AND occurred_ms < ? ORDER BY seq LIMIT ?) RETURNING id`,
      [below, now - this.retentionMs, PRUNE_BATCH],
    );
    return rows.length;
  }

  /**
   * Calls `listener` after each relay pass of any node that numbered events (with the highest `seq` then), and
   * when announcements may have been missed (with the last `seq` known, or 0): a reader reads on from its own
   * position. Must be quick and must not throw. Returns the function that stops it.
   */
  onPublished(listener: (lastSeq: number) => void): () => void {
    this.published.add(listener);
    return () => {
      this.published.delete(listener);
    };
  }

  /** Wakes every reader of this process: events up to `lastSeq` are published (called by the feed on a notification). */
  wake(lastSeq = 0): void {
    for (const listener of [...this.published]) {
      try {
        listener(lastSeq);
      } catch (error) {
        this.warn('Events: a wake-up listener threw', error);
      }
    }
  }

  /**
   * Delivers published events to `listener` in `seq` order, each once per subscription, from `after` on (see
   * {@link SubscribeOptions}). The listener's promise is awaited before the next event; when it throws or rejects,
   * the failure goes to `warn` and the same event is delivered again after `pollMs` (at least once: a subscriber
   * that must not handle an event twice keeps the `seq` it handled and skips it). Returns the function that stops
   * the subscription; an event being delivered completes.
   */
  subscribe(listener: PublishedEventListener, options: SubscribeOptions = {}): () => void {
    let stopped = false;
    let wakeUp: (() => void) | null = null;
    let pending = false;
    const woken = (): void => {
      pending = true;
      wakeUp?.();
    };
    const stopWake = this.onPublished(woken);
    const stop = (): void => {
      stopped = true;
      stopWake();
      this.stops.delete(stop);
      wakeUp?.();
    };
    this.stops.add(stop);
    const pause = (ms: number): Promise<void> =>
      new Promise((resolve) => {
        if (pending || stopped) {
          resolve();
          return;
        }
        const timer = setTimeout(done, ms);
        timer.unref();
        function done(): void {
          clearTimeout(timer);
          wakeUp = null;
          resolve();
        }
        wakeUp = done;
      });
    void (async () => {
      let position: number;
      try {
        position = options.after ?? (await this.lastSeq());
      } catch (error) {
        this.warn('Events: a subscription could not start', error);
        stop();
        return;
      }
      while (!stopped && !this.closed) {
        pending = false;
        let events: PublishedEvent[];
        try {
          events = await this.read(position, READ_PAGE);
        } catch (error) {
          if (!stopped && !this.closed) this.warn('Events: reading the published events failed', error);
          await pause(this.pollMs);
          continue;
        }
        for (const event of events) {
          if (stopped) return;
          try {
            await listener(event);
            position = event.seq;
          } catch (error) {
            this.warn(`Events: a subscriber failed on event ${event.seq} (delivered again)`, error);
            break;
          }
        }
        if (events.length < READ_PAGE || position < (events.at(-1)?.seq ?? position)) await pause(this.pollMs);
      }
    })();
    return stop;
  }

  /** Stops the sweep, the subscriptions and the wake-ups, and waits for a relay pass in progress. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    for (const stop of [...this.stops]) stop();
    this.published.clear();
    await this.running?.catch(() => undefined);
  }
}

/** A `domain_event` row as a {@link PublishedEvent}. */
function toPublished(row: Row): PublishedEvent {
  const payload = row.json('payload');
  return {
    seq: row.int('seq'),
    type: row.str('type'),
    payload: typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {},
    userId: row.intOrNull('user_id'),
    occurredAt: new Date(row.int('occurred_ms')),
  };
}
