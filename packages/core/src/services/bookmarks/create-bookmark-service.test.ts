import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Repository } from '../../api/services/repository.js';
import { InvalidArgumentError, NotFoundError, UnauthorizedError } from '../../errors/repository-error.js';
import { publishFolder } from '../../testing/content-builders.js';
import { createTestRepository } from '../../testing/test-repository.js';

describe('BookmarkService', () => {
  let admin: Repository;
  let anonymous: Repository;
  beforeEach(async () => {
    ({ admin, anonymous } = await createTestRepository());
  });

  it('bookmarks locations per user, refuses duplicates and unknown bookmarks', async () => {
    await admin.bookmarkService.createBookmark(43);
    await admin.bookmarkService.createBookmark(2);
    await expect(admin.bookmarkService.createBookmark(43)).rejects.toBeInstanceOf(InvalidArgumentError);
    expect(await admin.bookmarkService.isBookmarked(43)).toBe(true);
    expect(await anonymous.bookmarkService.isBookmarked(2)).toBe(false);
    const list = await admin.bookmarkService.loadBookmarks();
    expect([list.totalCount, list.items.map((location) => location.id)]).toEqual([2, [2, 43]]);
    expect((await admin.bookmarkService.loadBookmarks(1, 1)).items.map((location) => location.id)).toEqual([43]);
    await admin.bookmarkService.deleteBookmark(43);
    await expect(admin.bookmarkService.deleteBookmark(43)).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(admin.bookmarkService.createBookmark(999_999)).rejects.toBeInstanceOf(NotFoundError);
    await expect(anonymous.bookmarkService.createBookmark(43)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('follows swaps and deletions of locations; IsBookmarked finds them', async () => {
    const a = await publishFolder(admin, 'Bookmarked A', 2);
    const b = await publishFolder(admin, 'Bookmarked B', 2);
    await admin.bookmarkService.createBookmark(a.locationId);
    await admin.locationService.swapLocation(a.locationId, b.locationId);
    expect((await admin.bookmarkService.loadBookmarks()).items.map((location) => location.id)).toEqual([b.locationId]);
    const hits = await admin.searchService.findLocations({ filter: { type: 'IsBookmarked', userId: 14, value: true } });
    expect(hits.hits.map((hit) => hit.value.id)).toEqual([b.locationId]);
    await admin.locationService.deleteLocation(b.locationId);
    expect((await admin.bookmarkService.loadBookmarks()).totalCount).toBe(0);
  });
});
