import type { LockKind } from './persistence-handler.js';

/**
 * What a committed write changed:
 * - a {@link LockKind}: the aggregate of that kind with `id` was written. Every write that locks an aggregate
 *   (`PersistenceHandler.lock`) announces it; a creation announces the new aggregate by locking its id.
 * - `session`: a login session of the user whose content id is `id` ended (logout). Session ids are secrets and
 *   are never announced; caches drop every session of that user and reload the others from the store.
 */
export type ChangeKind = LockKind | 'session';

/** One announced change: a kind and an id (see {@link ChangeKind} for what the id is of each kind). */
export interface Change {
  readonly kind: ChangeKind;
  readonly id: number;
}

/**
 * "Anything may have changed": announcements may have been missed (the feed lost its connection, or has just
 * started listening). A cache drops everything it holds.
 */
export interface FlushEvent {
  readonly kind: 'flush';
}

/** What a {@link ChangeListener} receives. */
export type ChangeEvent = Change | FlushEvent;

/**
 * Receives each event once, synchronously, in the order of commits as the database delivered them. It must be
 * quick and must not throw (it drops cache entries; loading anything is left to the next read). A listener that
 * throws is reported by the feed and does not stop the others.
 */
export type ChangeListener = (event: ChangeEvent) => void;

/**
 * Announcements of committed writes, from every node sharing the database (this one included), for caches to
 * drop what changed. A change is announced only after its transaction committed, never for one rolled back, so a
 * cache reloading on an event reads the new state. Delivery takes milliseconds but is asynchronous: a node that
 * needs its own write at once (read-your-writes) invalidates its caches itself as well.
 *
 * Implemented by the persistence (PostgreSQL: `LISTEN`/`NOTIFY`; SQLite, a single node: in-process, after
 * `COMMIT`). Caches that follow a feed keep entries for a long fallback time only (a missed announcement), and
 * without one for a short time (changes of other nodes are seen after it).
 */
export interface ChangeFeed {
  /** Calls `listener` for every later event until the returned function is called. */
  subscribe(listener: ChangeListener): () => void;
}
