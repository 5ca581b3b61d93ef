import type { Location } from '../values/location.js';
import type { TrashItem, TrashItemList } from '../values/trash.js';

/**
 * The trash (Ibexa `TrashService`; REST `/content/trash`, and `MOVE` of a location to the trash). Trashing a location
 * moves its subtree to the trash in one transaction: every location whose content has no location outside the subtree
 * becomes a trash item (the content gets status TRASHED and no locations; search never finds it); locations of content
 * that lives elsewhere too are simply removed. Recovering an item recreates it and the items trashed below it with it.
 *
 * Errors: NotFoundError (unknown location, trash item or parent), UnauthorizedError, BadStateError (the root).
 */
export interface TrashService {
  /**
   * Trashes a location with its subtree. `content/remove` on every content item of the subtree.
   * @returns the trash item of the location, or null when its content keeps other locations (REST 204).
   */
  trash(locationId: number): Promise<TrashItem | null>;
  /** A trash item. `content/read` on its content. */
  loadTrashItem(trashItemId: number): Promise<TrashItem>;
  /** A page of the readable trash items, by id (`offset` ≥ 0, `limit` < 0 for all). */
  findTrashItems(offset?: number, limit?: number): Promise<TrashItemList>;
  /**
   * Restores a trash item below `newParentLocationId`, or its original parent when absent, with the items that
   * were trashed below it in the same operation (Ibexa `recover`). The locations keep their ids; the restored one
   * becomes the main location of its content. `content/read` on the item and on a new parent given, `content/restore`
   * with the parent it goes to as the target.
   * @throws NotFoundError when the original parent (or the given one) does not exist (REST 403).
   * @returns the restored location.
   */
  recover(trashItemId: number, newParentLocationId?: number): Promise<Location>;
  /** Deletes a trash item and its content for good. `content/read` on the item and `content/cleantrash`. */
  deleteTrashItem(trashItemId: number): Promise<void>;
  /** Deletes every trash item and their content. `content/cleantrash`. */
  emptyTrash(): Promise<void>;
}
