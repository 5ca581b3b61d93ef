import type { BookmarkService } from '../../api/services/bookmark-service.js';
import type { Location } from '../../api/values/location.js';
import { InvalidArgumentError } from '../../errors/repository-error.js';
import type { ServiceContext } from '../service-context.js';

/** Default page size of `loadBookmarks` (Ibexa). */
const DEFAULT_LIMIT = 25;

/**
 * The BookmarkService of one user scope (Ibexa `BookmarkService`; REST `/bookmark`): bookmarks of the current
 * user, location-based. `loadLocation` is the location service's (NotFound, `content/read`).
 */
export function createBookmarkService(context: ServiceContext, loadLocation: (locationId: number) => Promise<Location>): BookmarkService {
  const handler = context.persistence.bookmarkHandler;
  const bookmarked = async (locationId: number): Promise<boolean> => (await handler.loadBookmarked(context.userId, [locationId])).has(locationId);
  return {
    /** @throws InvalidArgumentError when already bookmarked (REST 409). */
    async createBookmark(locationId) {
      await loadLocation(locationId);
      if (await bookmarked(locationId)) throw new InvalidArgumentError('$location', 'Location is already bookmarked.');
      await context.persistence.transaction((tx) => tx.bookmarkHandler.create(context.userId, locationId));
    },
    /** @throws InvalidArgumentError when not bookmarked (REST 404). */
    async deleteBookmark(locationId) {
      await loadLocation(locationId);
      if (!(await bookmarked(locationId))) throw new InvalidArgumentError('$location', 'Location is not bookmarked.');
      await context.persistence.transaction((tx) => tx.bookmarkHandler.delete(context.userId, locationId));
    },
    async loadBookmarks(offset = 0, limit = DEFAULT_LIMIT) {
      const { locationIds } = await handler.loadUserBookmarks(context.userId, 0, -1);
      const readable: Location[] = [];
      for (const location of await context.persistence.locationHandler.loadList(locationIds)) {
        const target = { kind: 'content', contentInfo: location.contentInfo, locationIds: [location.id] } as const;
        if (await context.guard.canUser('content', 'read', target)) readable.push(location);
      }
      const first = Math.max(0, offset);
      return { totalCount: readable.length, items: readable.slice(first, limit < 0 ? undefined : first + limit) };
    },
    async isBookmarked(locationId) {
      await loadLocation(locationId);
      return bookmarked(locationId);
    },
  };
}
