import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Repository } from '../../api/services/repository.js';
import { BadStateError, InvalidArgumentError, UnauthorizedError } from '../../errors/repository-error.js';
import { createTestRepository } from '../../testing/test-repository.js';

async function publishFolder(repository: Repository, name: string, parentLocationId: number): Promise<{ contentId: number; locationId: number }> {
  const draft = await repository.contentService.createContent(
    { contentTypeId: 1, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: name }] },
    [{ parentLocationId }],
  );
  const published = await repository.contentService.publishVersion(draft.contentInfo.id, 1);
  return { contentId: draft.contentInfo.id, locationId: published.contentInfo.mainLocationId ?? 0 };
}

describe('LocationService', () => {
  let admin: Repository;
  let anonymous: Repository;
  beforeEach(async () => {
    ({ admin, anonymous } = await createTestRepository());
  });

  it('loads a location with its content and counts children per permission', async () => {
    const home = await admin.locationService.loadLocation(2);
    expect(home).toMatchObject({ pathString: '/1/2/', contentInfo: { id: 1 } });
    expect(await admin.locationService.getLocationChildCount(1)).toBe(3);
    expect(await anonymous.locationService.getLocationChildCount(1)).toBe(1);
    await expect(anonymous.locationService.loadLocation(5)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('loads a list of locations: found and readable ones, each once, in the order given', async () => {
    const ids = [5, 999_999, 2, 43, 2, 1];
    expect((await admin.locationService.loadLocationList(ids)).map((location) => location.id)).toEqual([5, 2, 43, 1]);
    // A user limited to some sections gets what loadLocation would give them one by one.
    const readable: number[] = [];
    for (const id of new Set(ids)) {
      if (await anonymous.locationService.loadLocation(id).then(() => true, () => false)) readable.push(id);
    }
    expect(readable).toContain(2);
    expect(readable).not.toContain(5);
    expect((await anonymous.locationService.loadLocationList(ids)).map((location) => location.id)).toEqual(readable);
    expect(await anonymous.locationService.loadLocationList([])).toEqual([]);
  });

  it('adds a second location, refuses one under the same parent or inside its own subtree', async () => {
    const folder = await publishFolder(admin, 'Placed', 2);
    const second = await admin.locationService.createLocation(folder.contentId, { parentLocationId: 43, priority: 4 });
    expect(second).toMatchObject({ parentLocationId: 43, priority: 4, contentId: folder.contentId });
    await expect(admin.locationService.createLocation(folder.contentId, { parentLocationId: 43 })).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(admin.locationService.createLocation(folder.contentId, { parentLocationId: folder.locationId })).rejects.toBeInstanceOf(InvalidArgumentError);
  });

  it('refuses a location for never-published content', async () => {
    const draft = await admin.contentService.createContent(
      { contentTypeId: 1, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: 'Draft' }] },
      [{ parentLocationId: 2 }],
    );
    await expect(admin.locationService.createLocation(draft.contentInfo.id, { parentLocationId: 43 })).rejects.toBeInstanceOf(BadStateError);
  });

  it('hides and reveals a subtree', async () => {
    const top = await publishFolder(admin, 'Top', 2);
    const child = await publishFolder(admin, 'Child', top.locationId);
    const hidden = await admin.locationService.hideLocation(top.locationId);
    expect(hidden).toMatchObject({ hidden: true, invisible: true });
    expect(await admin.locationService.loadLocation(child.locationId)).toMatchObject({ hidden: false, invisible: true });
    await admin.locationService.unhideLocation(top.locationId);
    expect(await admin.locationService.loadLocation(child.locationId)).toMatchObject({ invisible: false });
  });

  it('moves a subtree and refuses a move into itself or onto its parent', async () => {
    const top = await publishFolder(admin, 'Movable', 2);
    const child = await publishFolder(admin, 'Movable child', top.locationId);
    await expect(admin.locationService.moveSubtree(top.locationId, child.locationId)).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(admin.locationService.moveSubtree(top.locationId, 2)).rejects.toBeInstanceOf(InvalidArgumentError);
    const moved = await admin.locationService.moveSubtree(top.locationId, 43);
    expect(moved.pathString).toBe(`/1/43/${top.locationId}/`);
    expect((await admin.locationService.loadLocation(child.locationId)).pathString).toBe(`/1/43/${top.locationId}/${child.locationId}/`);
  });

  it('copies a subtree with new content items', async () => {
    const top = await publishFolder(admin, 'Copied', 2);
    await publishFolder(admin, 'Copied child', top.locationId);
    const copy = await admin.locationService.copySubtree(top.locationId, 43);
    expect(copy.parentLocationId).toBe(43);
    expect(copy.contentId).not.toBe(top.contentId);
    expect(copy.contentInfo.name).toBe('Copied');
    const children = await admin.locationService.loadLocationChildren(copy.id);
    expect(children.locations.map((location) => location.contentInfo.name)).toEqual(['Copied child']);
    await expect(admin.locationService.copySubtree(top.locationId, top.locationId)).rejects.toBeInstanceOf(InvalidArgumentError);
  });

  it('swaps the content of two locations and keeps main locations right', async () => {
    const first = await publishFolder(admin, 'First', 2);
    const second = await publishFolder(admin, 'Second', 43);
    await admin.locationService.swapLocation(first.locationId, second.locationId);
    expect((await admin.locationService.loadLocation(first.locationId)).contentId).toBe(second.contentId);
    expect((await admin.contentService.loadContentInfo(first.contentId)).mainLocationId).toBe(second.locationId);
  });

  it('deletes a subtree with the content only placed there, and keeps content that has another location', async () => {
    const top = await publishFolder(admin, 'Doomed', 2);
    const child = await publishFolder(admin, 'Survivor', top.locationId);
    const elsewhere = await admin.locationService.createLocation(child.contentId, { parentLocationId: 43 });
    await admin.locationService.deleteLocation(top.locationId);
    await expect(admin.contentService.loadContentInfo(top.contentId)).rejects.toMatchObject({ code: 'NotFound' });
    expect((await admin.contentService.loadContentInfo(child.contentId)).mainLocationId).toBe(elsewhere.id);
    await expect(admin.locationService.deleteLocation(1)).rejects.toBeInstanceOf(BadStateError);
  });
});
