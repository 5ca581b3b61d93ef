import type { ContentType } from '../api/values/content-type.js';
import type { Language } from '../api/values/language.js';
import type { StoredContentType } from '../spi/content-type-handler.js';

/** A value cached until `expiresAt` (ms since the epoch). */
interface Entry<V> {
  readonly expiresAt: number;
  readonly value: Promise<V>;
}

/**
 * A small time-bounded cache of promises: concurrent misses share one load, a rejected load is not kept.
 * `ttlMs` 0 disables caching.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const time = this.now();
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > time) return entry.value;
    const value = load();
    this.entries.set(key, { expiresAt: time + this.ttlMs, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  invalidate(key?: K): void {
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }
}

/**
 * Reference data every write reads (content types with their field definitions, languages, the default object
 * states), cached per repository. Changes made through this repository invalidate it, and so do changes announced
 * by a change feed (`followChanges`, any node); without a feed other server nodes see changes after the TTL.
 */
export class ReferenceCache {
  /** Published content types by id, as API values (null: no such type). */
  readonly contentTypes: TtlCache<number, ContentType | null>;
  /**
   * Every published content type as stored (with its field definitions), for search resolution
   * (ContentTypeIdentifier → ContentTypeId, Field targets), which would otherwise load them per search.
   */
  readonly allContentTypes: TtlCache<'all', readonly StoredContentType[]>;
  readonly languages: TtlCache<'all', readonly Language[]>;
  readonly defaultStates: TtlCache<'all', readonly number[]>;

  constructor(ttlMs: number) {
    this.contentTypes = new TtlCache(ttlMs);
    this.allContentTypes = new TtlCache(ttlMs);
    this.languages = new TtlCache(ttlMs);
    this.defaultStates = new TtlCache(ttlMs);
  }

  /** Forgets the cached content types (after any content type or group write). */
  invalidateContentTypes(): void {
    this.contentTypes.invalidate();
    this.allContentTypes.invalidate();
  }

  /** Forgets everything (after a content type, language or object state change). */
  invalidate(): void {
    this.invalidateContentTypes();
    this.languages.invalidate();
    this.defaultStates.invalidate();
  }
}
