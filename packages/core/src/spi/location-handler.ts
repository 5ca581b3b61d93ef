import type { SortField, SortOrder } from '../api/values/common.js';
import type { Location } from '../api/values/location.js';

/** A location to create under an existing parent; the handler derives pathString, depth and invisibility. */
export interface LocationCreateRecord {
  readonly contentId: number;
  readonly parentLocationId: number;
  readonly priority: number;
  readonly hidden: boolean;
  readonly remoteId: string;
  readonly sortField: SortField;
  readonly sortOrder: SortOrder;
}

/** Location columns to change; absent members stay unchanged. */
export interface LocationPatch {
  readonly priority?: number;
  readonly remoteId?: string;
  readonly sortField?: SortField;
  readonly sortOrder?: SortOrder;
}

/**
 * The location tree (Ibexa `Location\Handler`). Loads return locations with their ContentInfo (one query, not
 * one per row); the virtual root (id 1) carries a synthesised ContentInfo with id 0. No permission checks.
 *
 * Invariant: every location but the root belongs to a PUBLISHED item. Core creates locations only for published
 * items (at the first publication from the pending locations of the draft, `createLocation`, copies, recovery
 * from the trash, which publishes the item again), trashing moves an item's last locations to the trash with the
 * item, and deleting an item deletes its locations. Location searches rely on it: they read no item status
 * (`describeTreeInvariants` checks it after every tree operation).
 *
 * Errors: InvalidArgumentError when a remoteId is already used. Remote ids are compared case-insensitively, by
 * `remoteIdKey` (ASCII letters folded), in `loadByRemoteId` and in that uniqueness (Ibexa 4.6 on MySQL).
 */
export interface LocationHandler {
  load(locationId: number): Promise<Location | null>;
  loadByRemoteId(remoteId: string): Promise<Location | null>;
  /** Found locations only, in the order of `locationIds`. */
  loadList(locationIds: readonly number[]): Promise<readonly Location[]>;
  /** Locations of a content item, by id. */
  loadByContent(contentId: number): Promise<readonly Location[]>;
  /** Number of children of each given location (0 for leaves), ignoring permissions. */
  countChildren(locationIds: readonly number[]): Promise<ReadonlyMap<number, number>>;
  /**
   * Creates a location of a published item (see the invariant above).
   * @throws NotFoundError when the parent location does not exist.
   */
  create(record: LocationCreateRecord): Promise<Location>;
  update(locationId: number, patch: LocationPatch): Promise<Location>;
  /** Sets the location's own hidden flag and recomputes `invisible` for it and its whole subtree. */
  setHidden(locationId: number, hidden: boolean): Promise<void>;
  /** Sets `invisible` for all locations of a content item and their subtrees (content hide/reveal). */
  setContentHidden(contentId: number, hidden: boolean): Promise<void>;
  /** Ids of the content items with a location in the subtree of `locationId` (itself included). */
  loadSubtreeContentIds(locationId: number): Promise<readonly number[]>;
  /**
   * Ids of the location and of every location below it, in path order (parents before children); empty for an
   * unknown location. Writes that change a subtree lock each of its locations with them.
   */
  loadSubtreeIds(locationId: number): Promise<readonly number[]>;
  /** Deletes the location and its subtree; returns the deleted locations. */
  deleteSubtree(locationId: number): Promise<readonly Location[]>;
  /**
   * Moves a location with its subtree below `newParentId`: parent, pathString and depth of every descendant
   * change in set-based updates, and `invisible` is recomputed for the moved subtree.
   */
  move(locationId: number, newParentId: number): Promise<void>;
  /** Exchanges the content of two locations (ids, remoteIds, tree positions and flags stay). */
  swap(locationId: number, otherLocationId: number): Promise<void>;
}
