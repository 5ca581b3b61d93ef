import type { BookmarkList } from '../values/bookmark.js';

/**
 * The current user's bookmarked locations (Ibexa `BookmarkService`; REST `/bookmark`, `BookmarkList`). Bookmarking
 * needs `content/read` on the location; lists leave out locations the user may no longer read.
 *
 * Errors: NotFoundError (unknown location), UnauthorizedError, InvalidArgumentError (already bookmarked on
 * create, not bookmarked on delete — REST 409 and 404).
 */
export interface BookmarkService {
  createBookmark(locationId: number): Promise<void>;
  deleteBookmark(locationId: number): Promise<void>;
  /** A page of bookmarked locations, by location id (`limit` < 0 for all). */
  loadBookmarks(offset?: number, limit?: number): Promise<BookmarkList>;
  isBookmarked(locationId: number): Promise<boolean>;
}
