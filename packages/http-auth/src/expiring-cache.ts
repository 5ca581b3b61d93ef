/**
 * A small in-process map whose entries expire at a given time and which holds at most `capacity` entries (the
 * oldest insertion is dropped first). Times are milliseconds since the epoch, passed in by the caller, so the
 * cache itself reads no clock.
 */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, { readonly value: V; readonly expiresAt: number }>();

  constructor(private readonly capacity: number) {}

  /** The value of `key` if it expires after `now` (ms); an expired entry is dropped. */
  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Stores `value` under `key` until `expiresAt` (ms since the epoch), evicting the oldest entry when full. */
  set(key: string, value: V, expiresAt: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** How many entries are held (expired ones included until they are read). */
  get size(): number {
    return this.entries.size;
  }
}
