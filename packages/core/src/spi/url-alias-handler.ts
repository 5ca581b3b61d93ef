/** What a stored URL alias entry points at. */
export type UrlAliasTarget =
  | { readonly kind: 'location'; readonly locationId: number }
  | { readonly kind: 'resource'; readonly resource: string }
  | { readonly kind: 'virtual' };

/**
 * One path element of the URL alias tree (Ibexa `ezurlalias_ml` row), keyed by (`parentId`, `textMd5`): `text`
 * below the element whose node id is `parentId` (0 at the top). All entries of one location — every language,
 * current and history — share one node `id`, so its children (keyed by that id) follow renames and moves.
 */
export interface UrlAliasRecord {
  readonly parentId: number;
  /** md5 of the lower-cased `text` (lookups are case-insensitive). */
  readonly textMd5: string;
  /** Node id (children use it as their `parentId`). */
  readonly id: number;
  readonly text: string;
  readonly target: UrlAliasTarget;
  readonly languageCodes: readonly string[];
  readonly alwaysAvailable: boolean;
  /** False for a history entry (an old name or place of its location). */
  readonly isOriginal: boolean;
  /** True for user-made entries (custom and global aliases). */
  readonly isCustom: boolean;
  readonly forward: boolean;
}

/**
 * Storage of URL alias entries (Ibexa `UrlAlias\Handler` gateway level). Core owns the alias rules (naming,
 * uniqueness, history); the handler stores entries and runs the set-based removals. No permission checks.
 */
export interface UrlAliasHandler {
  /** The entry at a key, or null. */
  loadEntry(parentId: number, textMd5: string): Promise<UrlAliasRecord | null>;
  /** Every entry whose node id is one of `nodeIds`. */
  loadByNodeIds(nodeIds: readonly number[]): Promise<readonly UrlAliasRecord[]>;
  /** Every entry of the nodes on the parent chains of `nodeIds` (the nodes themselves included), in one query. */
  loadAncestry(nodeIds: readonly number[]): Promise<readonly UrlAliasRecord[]>;
  /** Entries pointing at the locations: generated ones (current and history) or, with `custom`, custom ones. */
  loadLocationEntries(locationIds: readonly number[], custom: boolean): Promise<readonly UrlAliasRecord[]>;
  /** Resource (global) entries, by node id (`limit` < 0: all). */
  loadResourceEntries(offset: number, limit: number): Promise<readonly UrlAliasRecord[]>;
  /** Whether any entry has `nodeId` as parent. */
  hasChildren(nodeId: number): Promise<boolean>;
  /** Inserts or replaces the entry at (`parentId`, `textMd5`). */
  save(record: UrlAliasRecord): Promise<void>;
  /**
   * Writes the entry at its key only when the key is free, holds a history entry of a location or resource, or
   * holds an entry of the same node — atomically (one statement), so that concurrent publications never take each
   * other's path. Returns whether it wrote.
   */
  claim(record: UrlAliasRecord): Promise<boolean>;
  deleteEntry(parentId: number, textMd5: string): Promise<void>;
  /** A new node id, never handed out before. */
  nextNodeId(): Promise<number>;
  /**
   * Removes the entries pointing at the locations (generated and custom) and, recursively, every entry below
   * their nodes (Ibexa `locationDeleted`), set-based.
   */
  deleteLocationAliases(locationIds: readonly number[]): Promise<void>;
}
