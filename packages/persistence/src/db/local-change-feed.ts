import type { Change, ChangeEvent, ChangeFeed, ChangeListener } from '@contentrepo/core';
import type { SqlContext } from './sql-context.js';

/** How writes announce their changes: the publishing side of a change feed, called by the handlers. */
export interface ChangePublisher {
  /**
   * Announces `changes` as part of the transaction `ctx` is bound to: delivered once it commits, never when it
   * rolls back (outside a transaction: at once).
   */
  publish(ctx: SqlContext, changes: readonly Change[]): Promise<void>;
}

/** The change feed of an open persistence: core's {@link ChangeFeed}, plus what its owner needs. */
export interface StoreChangeFeed extends ChangeFeed {
  /**
   * Resolves once announcements are being received — at once on SQLite; on PostgreSQL once the `LISTEN`
   * connection is up (it is opened by the first `subscribe`, or by this call).
   */
  listening(): Promise<void>;
}

/** Receives what a change feed reports at run time (a lost connection, a listener that threw). */
export type ChangeFeedWarn = (message: string, error?: unknown) => void;

/**
 * Carries the announcements of a SQLite store between the processes that open the same database file (the
 * workers of one server, see the server's `WORKERS`): {@link LocalChangeFeed} hands each committed write's changes
 * to `send` after `COMMIT`, and emits what `receive`'s listener is given — the changes other processes committed,
 * or a `flush` when some may have been lost (a process died). Delivery must keep each process's order; across
 * processes the order does not matter (listeners only drop cache entries).
 */
export interface ChangeRelay {
  /** Hands the changes this process committed to every other process; must not throw. */
  send(changes: readonly Change[]): void;
  /** Calls `listener` with what other processes sent until the returned function is called. */
  receive(listener: (events: readonly ChangeEvent[]) => void): () => void;
}

/**
 * The change feed of one process (SQLite's): announcements are delivered in-process to the listeners of this
 * instance, after `COMMIT`, and — with a {@link ChangeRelay} — to the other processes on the same database file,
 * whose announcements it emits in turn. Also the dispatcher of the PostgreSQL feed, which emits what it receives.
 */
export class LocalChangeFeed implements StoreChangeFeed, ChangePublisher {
  private readonly listeners = new Set<{ readonly listener: ChangeListener }>();
  private readonly stopRelay: () => void;

  constructor(
    private readonly warn: ChangeFeedWarn = () => undefined,
    private readonly relay?: ChangeRelay,
  ) {
    this.stopRelay = relay ? relay.receive((events) => events.forEach((event) => this.emit(event))) : () => undefined;
  }

  subscribe(listener: ChangeListener): () => void {
    const subscription = { listener };
    this.listeners.add(subscription);
    return () => {
      this.listeners.delete(subscription);
    };
  }

  listening(): Promise<void> {
    return Promise.resolve();
  }

  publish(ctx: SqlContext, changes: readonly Change[]): Promise<void> {
    if (changes.length > 0) {
      ctx.afterCommit(() => {
        changes.forEach((change) => this.emit(change));
        this.relay?.send(changes);
      });
    }
    return Promise.resolve();
  }

  /** Hands `event` to every listener, in subscription order; one that throws is reported and skipped. */
  emit(event: ChangeEvent): void {
    for (const { listener } of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.warn('A change feed listener threw', error);
      }
    }
  }

  /** Drops every listener and stops receiving from the relay. */
  close(): void {
    this.stopRelay();
    this.listeners.clear();
  }
}
