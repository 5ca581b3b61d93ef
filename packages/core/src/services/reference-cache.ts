import type { ContentType } from '../api/values/content-type.js';
import type { Language } from '../api/values/language.js';
import type { StoredContentType } from '../spi/content-type-handler.js';

/** A value cached until `expiresAt` (ms since the epoch). */
interface Entry<V> {
  readonly expiresAt: number;
  readonly value: V;
}

/**
 * A small time-bounded cache of loaded values; a rejected load is not kept. `ttlMs` 0 disables caching.
 *
 * Only loaded values are shared, never a load in progress (a caller that misses loads for itself): writes read
 * reference data inside their transaction, and a load started outside it waits for a connection (SQLite's one
 * connection, which the transaction holds; a PostgreSQL pool that transactions waiting for its locks may
 * exhaust), so awaiting it there could wait forever.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  /** Incremented by every invalidation: a load started before one is not kept. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: K, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const time = this.now();
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > time) return entry.value;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) this.entries.set(key, { expiresAt: time + this.ttlMs, value });
    return value;
  }

  invalidate(key?: K): void {
    this.generation++;
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }
}

/** A value with the revision its aggregate had when the value was read (`PersistenceHandler.revisions`). */
export interface Stamped<V> {
  readonly revision: number;
  readonly value: V;
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
  /**
   * Published content types as writes validate against them, each stamped with the revision of its `contentType`
   * aggregate read before the type was loaded. A write uses an entry only while the revision it reads (in its
   * transaction, under a shared lock) is the stamp, and reloads it otherwise, so no TTL applies: a type changed by
   * another node is never used to validate a write (`content/content-type-for-write.ts`).
   */
  readonly stampedContentTypes = new Map<number, Stamped<ContentType>>();
  /**
   * The codes of the configured languages as writes check them, stamped with the revision of the languages'
   * aggregate read in the write's transaction under its shared lock; used only while that revision is the stamp
   * (`languageCodesForWrite`). Every language write moves the revision on.
   */
  stampedLanguageCodes: Stamped<ReadonlySet<string>> | undefined;

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
    this.stampedContentTypes.clear();
  }

  /** Forgets everything (after a content type, language or object state change). */
  invalidate(): void {
    this.invalidateContentTypes();
    this.languages.invalidate();
    this.stampedLanguageCodes = undefined;
    this.defaultStates.invalidate();
  }
}
