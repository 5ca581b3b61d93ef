import type { BookmarkService } from '../../api/services/bookmark-service.js';
import type { Location } from '../../api/values/location.js';
import { InvalidArgumentError } from '../../errors/repository-error.js';
import type { PersistenceHandler } from '../../spi/persistence-handler.js';
import { underLock } from '../in-transaction.js';
import type { ServiceContext } from '../service-context.js';

/** Default page size of `loadBookmarks` (Ibexa). */
const DEFAULT_LIMIT = 25;

/**
 * Locks the bookmark lists (kind `bookmarks`, id the user's content id) that hold one of the locations, for the
 * rest of the caller's transaction: writes that take locations out of the tree or swap them change those lists.
 */
export async function lockBookmarksOfLocations(tx: PersistenceHandler, locationIds: readonly number[]): Promise<void> {
  if (locationIds.length === 0) return;
  const userIds = await tx.bookmarkHandler.loadUserIdsByLocations(locationIds);
  if (userIds.length > 0) await tx.lock(userIds.map((id) => ({ kind: 'bookmarks', id })));
}

/**
 * The BookmarkService of one user scope (Ibexa `BookmarkService`; REST `/bookmark`): bookmarks of the current
 * user, location-based. `loadLocation` is the location service's (NotFound, `content/read`). Writes lock the
 * user's bookmark list and check it inside the lock, so of concurrent creations of one bookmark exactly one
 * succeeds.
 */
export function createBookmarkService(context: ServiceContext, loadLocation: (locationId: number) => Promise<Location>): BookmarkService {
  const handler = context.persistence.bookmarkHandler;
  const bookmarked = async (persistence: PersistenceHandler, locationId: number): Promise<boolean> =>
    (await persistence.bookmarkHandler.loadBookmarked(context.userId, [locationId])).has(locationId);
  const ownList = [{ kind: 'bookmarks', id: context.userId }] as const;
  return {
    /** @throws InvalidArgumentError when already bookmarked (REST 409). */
    async createBookmark(locationId) {
      await loadLocation(locationId);
      await underLock(context, ownList, async (tx) => {
        if (await bookmarked(tx.persistence, locationId)) throw new InvalidArgumentError('$location', 'Location is already bookmarked.');
        await tx.persistence.bookmarkHandler.create(context.userId, locationId);
      });
    },
    /** @throws InvalidArgumentError when not bookmarked (REST 404). */
    async deleteBookmark(locationId) {
      await loadLocation(locationId);
      await underLock(context, ownList, async (tx) => {
        if (!(await bookmarked(tx.persistence, locationId))) throw new InvalidArgumentError('$location', 'Location is not bookmarked.');
        await tx.persistence.bookmarkHandler.delete(context.userId, locationId);
      });
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
      return bookmarked(context.persistence, locationId);
    },
  };
}
