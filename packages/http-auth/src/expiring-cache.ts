/** How many recent invalidations a cache remembers for {@link ExpiringCache.set}'s `since` check. */
const INVALIDATION_LOG_SIZE = 64;

/** One invalidation: which entries it dropped (by key and value), and its number. */
interface Invalidation<V> {
  readonly stamp: number;
  readonly matches: (key: string, value: V) => boolean;
}

/**
 * A small in-process map whose entries expire at a given time and which holds at most `capacity` entries (the
 * oldest insertion is dropped first). Times are milliseconds since the epoch, passed in by the caller, so the
 * cache itself reads no clock.
 *
 * Invalidation while a value is being loaded: take {@link ExpiringCache.stamp} before loading and pass it to
 * `set`. A loaded value that a later `delete`, `deleteWhere` or `clear` would have dropped is then not stored: it
 * may have been read before the change that invalidation was about.
 */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, { readonly value: V; readonly expiresAt: number }>();
  /** The last invalidations, oldest first (at most {@link INVALIDATION_LOG_SIZE}). */
  private readonly invalidations: Invalidation<V>[] = [];
  private invalidated = 0;

  constructor(private readonly capacity: number) {}

  /** Counts the invalidations so far: the `since` of a later {@link ExpiringCache.set}. */
  get stamp(): number {
    return this.invalidated;
  }

  /** The value of `key` if it expires after `now` (ms); an expired entry is dropped. */
  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /**
   * Stores `value` under `key` until `expiresAt` (ms since the epoch), evicting the oldest entry when full —
   * unless an invalidation after `since` (a {@link ExpiringCache.stamp} taken before the value was loaded) matches
   * it, or so many happened since that the cache no longer knows.
   */
  set(key: string, value: V, expiresAt: number, since = this.invalidated): void {
    if (since !== this.invalidated) {
      const oldest = this.invalidations[0]?.stamp ?? this.invalidated + 1;
      if (since + 1 < oldest) return;
      if (this.invalidations.some((invalidation) => invalidation.stamp > since && invalidation.matches(key, value))) return;
    }
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt });
  }

  delete(key: string): void {
    this.invalidate((candidate) => candidate === key);
  }

  /** Drops every entry whose value matches `predicate`. */
  deleteWhere(predicate: (value: V) => boolean): void {
    this.invalidate((_key, value) => predicate(value));
  }

  /** Drops every entry. */
  clear(): void {
    this.invalidate(() => true);
  }

  /** How many entries are held (expired ones included until they are read). */
  get size(): number {
    return this.entries.size;
  }

  private invalidate(matches: (key: string, value: V) => boolean): void {
    this.invalidated += 1;
    this.invalidations.push({ stamp: this.invalidated, matches });
    if (this.invalidations.length > INVALIDATION_LOG_SIZE) this.invalidations.shift();
    for (const [key, entry] of this.entries) if (matches(key, entry.value)) this.entries.delete(key);
  }
}
