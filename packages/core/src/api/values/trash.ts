import type { Location } from './location.js';

/**
 * A location in the trash (Ibexa `TrashItem`): the location as it was when trashed — its id, original parent,
 * pathString, depth, flags and sorting — with its content (status TRASHED). REST renders it as `TrashItem`.
 * Trashing a subtree keeps each trashed location as its own item, linked to its original parent
 * (`childCount` counts the items trashed below it in the same operation).
 */
export interface TrashItem extends Location {
  /** When the location was trashed (second precision). */
  readonly trashed: Date;
  /** Number of trash items whose original parent is this item. */
  readonly childCount: number;
}

/** A page of trash items with the total number of items in the trash (Ibexa `SearchResult` of `findTrashItems`). */
export interface TrashItemList {
  readonly totalCount: number;
  readonly items: readonly TrashItem[];
}
