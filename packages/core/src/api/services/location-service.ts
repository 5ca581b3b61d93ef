import type { LocationCreateStruct, LocationUpdateStruct } from '../structs/content-structs.js';
import type { Location, LocationList } from '../values/location.js';

/**
 * The location tree (Ibexa `LocationService`). Reads check `content/read` on the location's content;
 * lists leave out what the user may not read.
 *
 * Errors: NotFoundError, UnauthorizedError, BadStateError (e.g. content already placed under that parent,
 * content never published), InvalidArgumentError (e.g. parent is not a container).
 */
export interface LocationService {
  loadLocation(locationId: number): Promise<Location>;
  loadLocationByRemoteId(remoteId: string): Promise<Location>;
  /**
   * The locations among `locationIds` that exist and that the user may read (Ibexa `loadLocationList`: unknown and
   * unreadable ids are left out, no error), each once, in the order given. Batched: one storage call, plus one
   * location search with the user's read criterion when `content/read` is limited (as Ibexa's `loadLocationChildren`).
   */
  loadLocationList(locationIds: readonly number[]): Promise<readonly Location[]>;
  /** Locations of a content item (main location first, then by id). */
  loadLocations(contentId: number): Promise<readonly Location[]>;
  /** A page of readable children, ordered by the parent's sortField/sortOrder. `offset`, `limit` ≥ 0. */
  loadLocationChildren(locationId: number, offset?: number, limit?: number): Promise<LocationList>;
  /** Number of readable children. */
  getLocationChildCount(locationId: number): Promise<number>;
  /**
   * Adds a location to published content. `content/read` on the content and the parent,
   * `content/manage_locations` + `content/create` at the parent.
   */
  createLocation(contentId: number, struct: LocationCreateStruct): Promise<Location>;
  /** Updates priority, remoteId, sort field/order. `content/edit`. */
  updateLocation(locationId: number, struct: LocationUpdateStruct): Promise<Location>;
  /** Hides a location (explicitly); its subtree becomes invisible. `content/hide`. */
  hideLocation(locationId: number): Promise<Location>;
  /** Reveals a location; the subtree becomes visible unless hidden otherwise. `content/hide`. */
  unhideLocation(locationId: number): Promise<Location>;
  /**
   * Moves a location with its subtree below `newParentLocationId` (Ibexa `moveSubtree`).
   * `content/read` on every location of the subtree and on the new parent, `content/create` below the new parent.
   * @throws InvalidArgumentError when the new parent is inside the subtree, is the current parent, or is not a
   *   container.
   */
  moveSubtree(locationId: number, newParentLocationId: number): Promise<Location>;
  /**
   * Copies a location's subtree below `targetParentLocationId` (Ibexa `copySubtree`): the current version of
   * every content item is copied once and placed like the original. Returns the new subtree root. `content/read` on
   * every location of the subtree and on the target, `content/create` below the target.
   * @throws InvalidArgumentError when the target is inside the subtree or is not a container.
   */
  copySubtree(locationId: number, targetParentLocationId: number): Promise<Location>;
  /** Exchanges the content of two locations (Ibexa `swapLocation`). `content/read` and `content/edit` on both. */
  swapLocation(locationId: number, otherLocationId: number): Promise<void>;
  /**
   * Deletes a location with its subtree; content left without locations is deleted.
   * `content/manage_locations` and `content/remove` on every item of the subtree.
   */
  deleteLocation(locationId: number): Promise<void>;
}
