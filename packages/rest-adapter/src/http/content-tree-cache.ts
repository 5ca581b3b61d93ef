import type { ChangeFeed } from '@contentrepo/core';
import { holdsDeferredNodes, type ObjectNode } from '../output/node.js';
import type { WireFormat } from './media-types.js';

/** A rendered body and the digest its entity tag carries (undefined: not computed, the body has no tag). */
export interface RenderedBody {
  readonly body: Buffer;
  readonly digest: string | undefined;
}

/** Options of {@link ContentTreeCache}. */
export interface ContentTreeCacheOptions {
  /** Announcements of committed changes from every node: any change other than a logout or a bookmark empties the cache. */
  readonly changes: ChangeFeed;
  /** Most trees kept; the oldest goes first. */
  readonly maxEntries: number;
  /** Longest a tree is kept (ms): only a bound for a missed announcement. */
  readonly ttlMs: number;
}

interface Entry {
  readonly root: ObjectNode;
  readonly storedAt: number;
}

/**
 * The output trees of `Content` representations (an item with its current version embedded), kept per state of
 * what they show, and their rendered bytes per wire format. A tree is looked up by a key naming the item, its
 * aggregate revision and current version, the languages asked for, the main location's path as the user may see it,
 * and the href prefix and origin of the request; the caller has checked the user's right to read the item before
 * (a tree holds no per-user part: the ones that do, with a field hash still being computed, are never kept).
 * The key's revision changes with every write of the item on any node; what a tree shows of other aggregates
 * (content types, relations to a deleted item, languages) is followed through the change feed: any announced change
 * but a logout or a bookmark empties the cache, and a tree whose load started before such a change is not stored
 * (the stamp taken before the revision was read). Never the truth for a write: only reads use it.
 */
export class ContentTreeCache {
  private entries = new Map<string, Entry>();
  private readonly bodies = new WeakMap<ObjectNode, Map<WireFormat, RenderedBody>>();
  private generation = 0;

  constructor(private readonly options: ContentTreeCacheOptions) {
    options.changes.subscribe((event) => {
      if (event.kind !== 'session' && event.kind !== 'bookmarks') this.clear();
    });
  }

  /** A stamp to take before reading what a tree will be built from; {@link set} refuses a tree after a change. */
  stamp(): number {
    return this.generation;
  }

  /** The tree kept under `key`, or undefined. */
  get(key: string): ObjectNode | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (Date.now() - entry.storedAt > this.options.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.root;
  }

  /** Keeps `root` under `key` unless a change was announced since `stamp` or the tree holds a deferred field hash. */
  set(key: string, root: ObjectNode, stamp: number): void {
    if (stamp !== this.generation || holdsDeferredNodes(root)) return;
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { root, storedAt: Date.now() });
    this.bodies.set(root, new Map());
  }

  /**
   * The bytes of `root` in `format`: rendered once per kept tree and format (`render`), else rendered each time.
   */
  rendered(root: ObjectNode, format: WireFormat, render: () => RenderedBody): RenderedBody {
    const byFormat = this.bodies.get(root);
    if (byFormat === undefined) return render();
    let rendered = byFormat.get(format);
    if (rendered === undefined) {
      rendered = render();
      byFormat.set(format, rendered);
    }
    return rendered;
  }

  /** Drops every tree (and so their bytes). */
  clear(): void {
    this.generation += 1;
    this.entries = new Map();
  }
}
