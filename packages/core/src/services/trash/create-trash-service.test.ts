import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Repository } from '../../api/services/repository.js';
import { BadStateError, NotFoundError, UnauthorizedError } from '../../errors/repository-error.js';
import { publishFolder } from '../../testing/content-builders.js';
import { createTestRepository } from '../../testing/test-repository.js';

describe('TrashService', () => {
  let admin: Repository;
  let anonymous: Repository;
  beforeEach(async () => {
    ({ admin, anonymous } = await createTestRepository());
  });

  const subtreeIds = async (repository: Repository, pathString: string): Promise<number[]> =>
    (await repository.searchService.findLocations({ filter: { type: 'Subtree', values: [pathString] } })).hits.map((hit) => hit.value.id);

  it('trashes a subtree: the content gets status TRASHED, no locations, and search no longer finds it', async () => {
    const top = await publishFolder(admin, 'Trash me', 2);
    const child = await publishFolder(admin, 'Trashed child', top.locationId);
    await admin.bookmarkService.createBookmark(child.locationId);
    const item = await admin.trashService.trash(top.locationId);
    expect(item).toMatchObject({ id: top.locationId, parentLocationId: 2, pathString: top.pathString, childCount: 1, contentInfo: { status: 'TRASHED' } });
    expect((await admin.contentService.loadContentInfo(child.contentId)).status).toBe('TRASHED');
    await expect(admin.locationService.loadLocation(child.locationId)).rejects.toBeInstanceOf(NotFoundError);
    expect(await subtreeIds(admin, top.pathString)).toEqual([]);
    const found = await admin.searchService.findContent({ filter: { type: 'ContentId', values: [top.contentId, child.contentId] } });
    expect(found.totalCount).toBe(0);
    expect((await admin.bookmarkService.loadBookmarks()).totalCount).toBe(0);
    await expect(admin.urlAliasService.lookup('/Trash-me')).rejects.toBeInstanceOf(NotFoundError);
    expect((await admin.trashService.findTrashItems()).items.map((trashed) => trashed.id)).toEqual([top.locationId, child.locationId]);
  });

  it('returns null when the content keeps another location; refuses the root and unknown locations', async () => {
    const folder = await publishFolder(admin, 'Placed twice', 2);
    const second = await admin.locationService.createLocation(folder.contentId, { parentLocationId: 43 });
    expect(await admin.trashService.trash(folder.locationId)).toBeNull();
    expect(await admin.contentService.loadContentInfo(folder.contentId)).toMatchObject({ status: 'PUBLISHED', mainLocationId: second.id });
    await expect(admin.trashService.trash(1)).rejects.toBeInstanceOf(BadStateError);
    await expect(admin.trashService.trash(999_999)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('recovers an item with its subtree to the original parent or a new one, with URL aliases', async () => {
    const top = await publishFolder(admin, 'Comeback', 2);
    const child = await publishFolder(admin, 'Comeback child', top.locationId);
    await admin.trashService.trash(top.locationId);
    const restored = await admin.trashService.recover(top.locationId);
    expect(restored).toMatchObject({ id: top.locationId, pathString: top.pathString });
    expect(await admin.locationService.loadLocation(child.locationId)).toMatchObject({ pathString: child.pathString });
    expect((await admin.contentService.loadContentInfo(child.contentId)).status).toBe('PUBLISHED');
    expect(await subtreeIds(admin, top.pathString)).toEqual(expect.arrayContaining([top.locationId, child.locationId]));
    expect((await admin.urlAliasService.lookup('/Comeback/Comeback-child')).destination).toBe(child.locationId);

    await admin.trashService.trash(top.locationId);
    const moved = await admin.trashService.recover(top.locationId, 43);
    expect(moved.pathString).toBe(`/1/43/${top.locationId}/`);
    expect((await admin.urlAliasService.lookup('/Media/Comeback/Comeback-child')).destination).toBe(child.locationId);
  });

  it('refuses to recover below a parent that is gone (REST 403) and needs content/restore', async () => {
    const parent = await publishFolder(admin, 'Doomed parent', 2);
    const child = await publishFolder(admin, 'Orphan', parent.locationId);
    await admin.trashService.trash(child.locationId);
    await admin.locationService.deleteLocation(parent.locationId);
    await expect(admin.trashService.recover(child.locationId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(anonymous.trashService.recover(child.locationId, 2)).rejects.toBeInstanceOf(UnauthorizedError);
    expect((await admin.trashService.recover(child.locationId, 2)).pathString).toBe(`/1/2/${child.locationId}/`);
  });

  it('deletes items and empties the trash for good; both need content/cleantrash', async () => {
    const a = await publishFolder(admin, 'Gone A', 2);
    const b = await publishFolder(admin, 'Gone B', 2);
    await admin.trashService.trash(a.locationId);
    await admin.trashService.trash(b.locationId);
    await expect(anonymous.trashService.deleteTrashItem(a.locationId)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(anonymous.trashService.emptyTrash()).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(anonymous.trashService.trash(2)).rejects.toBeInstanceOf(UnauthorizedError);
    await admin.trashService.deleteTrashItem(a.locationId);
    await expect(admin.contentService.loadContentInfo(a.contentId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(admin.trashService.loadTrashItem(a.locationId)).rejects.toBeInstanceOf(NotFoundError);
    await admin.trashService.emptyTrash();
    await expect(admin.contentService.loadContentInfo(b.contentId)).rejects.toBeInstanceOf(NotFoundError);
    expect(await admin.trashService.findTrashItems()).toEqual({ totalCount: 0, items: [] });
  });

  it('pages the trash and deletes the trash item of deleted content', async () => {
    const folders = [await publishFolder(admin, 'P1', 2), await publishFolder(admin, 'P2', 2), await publishFolder(admin, 'P3', 2)];
    for (const folder of folders) await admin.trashService.trash(folder.locationId);
    const page = await admin.trashService.findTrashItems(1, 1);
    expect([page.totalCount, page.items.map((item) => item.id)]).toEqual([3, [folders[1]?.locationId]]);
    await admin.contentService.deleteContent(folders[0]?.contentId ?? 0);
    expect((await admin.trashService.findTrashItems()).totalCount).toBe(2);
  });
});
