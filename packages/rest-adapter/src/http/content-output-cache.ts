import type { ChangeFeed } from '@contentrepo/core';
import { holdsDeferredNodes, type ObjectNode } from '../output/node.js';
import type { WireFormat } from './media-types.js';

/** A rendered body and the digest its entity tag carries (undefined: not computed, the body has no tag). */
export interface RenderedBody {
  readonly body: Buffer;
  readonly digest: string | undefined;
}

/** Options of {@link ContentOutputCache}. */
export interface ContentOutputCacheOptions {
  /** Announcements of committed changes from every node: any change other than a logout or a bookmark empties the cache. */
  readonly changes: ChangeFeed;
  /** Most body bytes kept (all formats together); the oldest entries go first. */
  readonly maxBytes: number;
  /** Longest an entry is kept (ms): only a bound for a missed announcement. */
  readonly ttlMs: number;
}

interface Entry {
  readonly key: string;
  /** A childless stand-in of the tree (its name and media type), which the router finds the kept bytes by. */
  readonly stub: ObjectNode;
  readonly bodies: Map<WireFormat, RenderedBody>;
  readonly storedAt: number;
  bytes: number;
}

/**
 * The rendered bytes of `Content` representations (an item with its current version embedded), per wire format,
 * kept per state of what they show. An entry is looked up by a key naming the item, its aggregate revision and
 * current version, the languages asked for, the main location's path as the user may see it, and the href prefix
 * and origin of the request; the caller has checked the user's right to read the item before (the output holds no
 * per-user part: a tree with a field hash still being computed, read as the user, is never kept).
 * The key's revision changes with every write of the item on any node; what the output shows of other aggregates
 * (content types, relations to a deleted item, languages) is followed through the change feed: any announced change
 * but a logout or a bookmark empties the cache, and output whose load started before such a change is not stored
 * (the stamp taken before the revision was read). Never the truth for a write: only reads use it.
 */
export class ContentOutputCache {
  private entries = new Map<string, Entry>();
  /** The entry a tree (being rendered for the first time) or a stub belongs to. */
  private readonly owners = new WeakMap<ObjectNode, Entry>();
  private bytes = 0;
  private generation = 0;
  private hitCount = 0;
  private missCount = 0;

  constructor(private readonly options: ContentOutputCacheOptions) {
    options.changes.subscribe((event) => {
      if (event.kind !== 'session' && event.kind !== 'bookmarks') this.clear();
    });
  }

  /** A stamp to take before reading what a tree will be built from; {@link keep} refuses a tree after a change. */
  stamp(): number {
    return this.generation;
  }

  /**
   * Lookups since the cache was made: `hits` found output to reuse, `misses` did not (the output was rendered).
   * Monotonic counts, for metrics.
   */
  stats(): { readonly hits: number; readonly misses: number } {
    return { hits: this.hitCount, misses: this.missCount };
  }

  /** A childless stand-in of the output kept under `key` in `format` (render it with {@link rendered}), or undefined. */
  get(key: string, format: WireFormat): ObjectNode | undefined {
    const found = this.lookup(key, format);
    if (found === undefined) this.missCount += 1;
    else this.hitCount += 1;
    return found;
  }

  private lookup(key: string, format: WireFormat): ObjectNode | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (Date.now() - entry.storedAt > this.options.ttlMs) {
      this.drop(key, entry);
      return undefined;
    }
    return entry.bodies.has(format) ? entry.stub : undefined;
  }

  /**
   * Marks `root`, just built for `key`, so that its bytes are kept when the router renders it ({@link rendered}):
   * not when a change was announced since `stamp`, nor for a tree holding a deferred field hash.
   */
  keep(key: string, root: ObjectNode, stamp: number): void {
    if (stamp !== this.generation || holdsDeferredNodes(root)) return;
    let entry = this.entries.get(key);
    if (entry === undefined) {
      const stub: ObjectNode = { kind: 'object', name: root.name, mediaType: root.mediaType, attrs: {}, children: [] };
      entry = { key, stub, bodies: new Map(), storedAt: Date.now(), bytes: 0 };
      this.entries.set(key, entry);
      this.owners.set(stub, entry);
    }
    this.owners.set(root, entry);
  }

  /** The bytes of `root` in `format`: the kept ones, else `render()` (kept when `root` was marked by {@link keep}). */
  rendered(root: ObjectNode, format: WireFormat, render: () => RenderedBody): RenderedBody {
    const entry = this.owners.get(root);
    const kept = entry?.bodies.get(format);
    if (kept !== undefined) return kept;
    const rendered = render();
    if (entry !== undefined && this.entries.get(entry.key) === entry) {
      entry.bodies.set(format, rendered);
      entry.bytes += rendered.body.length;
      this.bytes += rendered.body.length;
      this.evict();
    }
    return rendered;
  }

  /** Drops everything kept. */
  clear(): void {
    this.generation += 1;
    this.entries = new Map();
    this.bytes = 0;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Drops the oldest entries while more than `maxBytes` are kept. */
  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.options.maxBytes) return;
      this.drop(key, entry);
    }
  }
}
