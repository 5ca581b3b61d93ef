import type { TrashItem } from '../api/values/trash.js';

/** What `TrashHandler.trashSubtree` did. */
export interface TrashSubtreeResult {
  /** The trash item of the subtree root, or null when its content keeps a location outside the subtree. */
  readonly trashItem: TrashItem | null;
  /** Every location removed from the tree (trashed or not), the root included. */
  readonly removedLocationIds: readonly number[];
}

/**
 * The trash (Ibexa `Content\Location\Trash\Handler`). A trash item keeps the id, parent, pathString, depth, flags
 * and sorting of the location it was; its content has status TRASHED. Items trashed by one `trashSubtree` call
 * form a batch: `recover` restores an item with the items of its batch below it (linked by their original
 * parents). No permission checks. Loads return null for unknown ids.
 */
export interface TrashHandler {
  /**
   * Removes a location and its subtree from the tree, set-based: a location becomes a trash item when its content
   * has no location outside the subtree (of several such locations of one item, the last in path order); its
   * content gets status TRASHED and the trash item as main location. Content that keeps a location outside the
   * subtree keeps its status; its main location moves to its lowest remaining location id if it was removed.
   * @throws NotFoundError unknown location.
   */
  trashSubtree(locationId: number, trashed: Date): Promise<TrashSubtreeResult>;
  loadTrashItem(trashItemId: number): Promise<TrashItem | null>;
  /** Items by id (`limit` < 0: all) and the total number of items. */
  findTrashItems(offset: number, limit: number): Promise<{ readonly totalCount: number; readonly items: readonly TrashItem[] }>;
  /**
   * Puts an item back below `newParentId` with the items of its batch reachable below it, set-based: locations
   * keep their ids, pathStrings and depths are rebased under the new parent, invisibility is recomputed, the
   * contents get status PUBLISHED with the restored location as main location, and the items leave the trash.
   * A remoteId taken meanwhile by another location (compared by `remoteIdKey`) is replaced by a new one.
   * @returns the restored location ids, the item's first, parents before children.
   * @throws NotFoundError unknown item or parent.
   */
  recover(trashItemId: number, newParentId: number): Promise<readonly number[]>;
  /** Removes an item from the trash (not its content); returns its content id, or null when unknown. */
  deleteTrashItem(trashItemId: number): Promise<number | null>;
  /** Removes every item from the trash (not their content); returns their content ids. */
  emptyTrash(): Promise<readonly number[]>;
  /** Removes the items of content items that are being deleted. */
  deleteTrashItemsOfContent(contentIds: readonly number[]): Promise<void>;
}
