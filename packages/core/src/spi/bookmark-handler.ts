/**
 * Bookmarks: locations marked by users (Ibexa `Bookmark\Handler`), the `bookmark` table IsBookmarked searches.
 * No permission checks.
 */
export interface BookmarkHandler {
  /** Adds a bookmark (no-op when it exists). */
  create(userId: number, locationId: number): Promise<void>;
  delete(userId: number, locationId: number): Promise<void>;
  /** Bookmarked location ids of a user by location id (`limit` < 0: all), with their total number. */
  loadUserBookmarks(userId: number, offset: number, limit: number): Promise<{ readonly totalCount: number; readonly locationIds: readonly number[] }>;
  /** Which of `locationIds` the user bookmarked. */
  loadBookmarked(userId: number, locationIds: readonly number[]): Promise<ReadonlySet<number>>;
  /** Ids of the users who bookmarked one of the locations, ascending (the bookmark lists a location change touches). */
  loadUserIdsByLocations(locationIds: readonly number[]): Promise<readonly number[]>;
  /** Removes every bookmark of the locations (when they leave the tree). */
  deleteByLocations(locationIds: readonly number[]): Promise<void>;
  /** Exchanges the bookmarks of two locations (they follow the content when locations are swapped). */
  swapLocations(locationId: number, otherLocationId: number): Promise<void>;
}
