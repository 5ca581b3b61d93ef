import { NotFoundError } from '../../errors/repository-error.js';
import { at, type PersistenceUnderTest, publishedFolder, seededStore, unique } from './fixtures.js';
import type { TestRunner } from '../test-runner.js';

const TRASHED_AT = at('2024-02-01T08:00:00Z');

/** Contract of TrashHandler: set-based trashing of subtrees, items, batch restore, deletion. */
export function trashContract(runner: TestRunner, create: () => Promise<PersistenceUnderTest>): void {
  const { describe, expect, it } = runner;
  describe('TrashHandler', () => {
    const store = seededStore(runner, create);

    it('trashes a subtree: single-location content becomes trash items, content living elsewhere only loses its location', async () => {
      const persistence = store();
      const { trashHandler, locationHandler, contentHandler } = persistence;
      const top = await publishedFolder(persistence, 'Trash top', 2);
      const child = await publishedFolder(persistence, 'Trash child', top.locationId);
      const grandChild = await publishedFolder(persistence, 'Trash grandchild', child.locationId);
      const shared = await publishedFolder(persistence, 'Shared', top.locationId);
      const elsewhere = await locationHandler.create({
        contentId: shared.contentId, parentLocationId: 43, priority: 0, hidden: false, remoteId: unique('loc'), sortField: 'PATH', sortOrder: 'ASC',
      });

      const result = await trashHandler.trashSubtree(top.locationId, TRASHED_AT);
      expect(result.removedLocationIds.slice().sort((a, b) => a - b)).toEqual(
        [top.locationId, child.locationId, grandChild.locationId, shared.locationId].sort((a, b) => a - b),
      );
      expect(result.trashItem).toMatchObject({
        id: top.locationId,
        parentLocationId: 2,
        contentId: top.contentId,
        pathString: top.pathString,
        depth: 2,
        trashed: TRASHED_AT,
        childCount: 1,
        contentInfo: { id: top.contentId, status: 'TRASHED', mainLocationId: top.locationId },
      });
      for (const id of result.removedLocationIds) expect(await locationHandler.load(id)).toBeNull();
      expect(await locationHandler.loadByContent(top.contentId)).toEqual([]);
      expect(await contentHandler.loadContentInfo(grandChild.contentId)).toMatchObject({ status: 'TRASHED', mainLocationId: grandChild.locationId });
      expect(await contentHandler.loadContentInfo(shared.contentId)).toMatchObject({ status: 'PUBLISHED', mainLocationId: elsewhere.id });
      expect(await trashHandler.loadTrashItem(shared.locationId)).toBeNull();
      expect(await trashHandler.loadTrashItem(grandChild.locationId)).toMatchObject({ parentLocationId: child.locationId, depth: 4, childCount: 0 });
    });

    it('returns no item when the root content keeps another location; its descendants are still trashed', async () => {
      const persistence = store();
      const root = await publishedFolder(persistence, 'Twice placed', 2);
      await persistence.locationHandler.create({
        contentId: root.contentId, parentLocationId: 43, priority: 0, hidden: false, remoteId: unique('loc'), sortField: 'PATH', sortOrder: 'ASC',
      });
      const below = await publishedFolder(persistence, 'Below twice placed', root.locationId);
      const result = await persistence.trashHandler.trashSubtree(root.locationId, TRASHED_AT);
      expect(result.trashItem).toBeNull();
      expect(await persistence.trashHandler.loadTrashItem(below.locationId)).toMatchObject({ parentLocationId: root.locationId });
      await expect(persistence.trashHandler.trashSubtree(999_999, TRASHED_AT)).rejects.toBeInstanceOf(NotFoundError);
    });

    it('recovers an item with its batch below the original parent: ids, paths, depths, statuses and main locations come back', async () => {
      const persistence = store();
      const { trashHandler, locationHandler, contentHandler } = persistence;
      const top = await publishedFolder(persistence, 'Recover top', 2);
      const child = await publishedFolder(persistence, 'Recover child', top.locationId);
      const leaf = await publishedFolder(persistence, 'Recover leaf', child.locationId);
      await locationHandler.setHidden(child.locationId, true);
      await trashHandler.trashSubtree(top.locationId, TRASHED_AT);

      const restored = await trashHandler.recover(top.locationId, 2);
      expect(restored).toEqual([top.locationId, child.locationId, leaf.locationId]);
      expect(await locationHandler.load(top.locationId)).toMatchObject({ parentLocationId: 2, pathString: top.pathString, depth: 2, invisible: false });
      expect(await locationHandler.load(child.locationId)).toMatchObject({ hidden: true, invisible: true });
      expect(await locationHandler.load(leaf.locationId)).toMatchObject({ pathString: leaf.pathString, depth: 4, invisible: true });
      expect(await contentHandler.loadContentInfo(leaf.contentId)).toMatchObject({ status: 'PUBLISHED', mainLocationId: leaf.locationId });
      expect(await trashHandler.loadTrashItem(top.locationId)).toBeNull();
      expect(await trashHandler.loadTrashItem(leaf.locationId)).toBeNull();
    });

    it('recovers below another parent with rebased paths, and gives a taken remoteId a new one', async () => {
      const persistence = store();
      const { trashHandler, locationHandler } = persistence;
      const top = await publishedFolder(persistence, 'Rebase top', 2);
      const child = await publishedFolder(persistence, 'Rebase child', top.locationId);
      const target = await publishedFolder(persistence, 'Rebase target', 43);
      const before = await locationHandler.load(child.locationId);
      await trashHandler.trashSubtree(top.locationId, TRASHED_AT);
      const squatter = await publishedFolder(persistence, 'Squatter', 2);
      // Taken case-insensitively: the squatter has the remote id in upper case.
      await locationHandler.update(squatter.locationId, { remoteId: (before?.remoteId ?? '').toUpperCase() });

      await trashHandler.recover(top.locationId, target.locationId);
      const base = `${target.pathString}${top.locationId}/`;
      expect(await locationHandler.load(top.locationId)).toMatchObject({ parentLocationId: target.locationId, pathString: base, depth: 3 });
      const restoredChild = await locationHandler.load(child.locationId);
      expect(restoredChild).toMatchObject({ parentLocationId: top.locationId, pathString: `${base}${child.locationId}/`, depth: 4 });
      expect(restoredChild?.remoteId.toLowerCase()).not.toBe(before?.remoteId.toLowerCase());
      await expect(trashHandler.recover(999_999, 2)).rejects.toBeInstanceOf(NotFoundError);
    });

    it('restores only the batch of the item: an item trashed earlier below it stays in the trash', async () => {
      const persistence = store();
      const { trashHandler, locationHandler } = persistence;
      const top = await publishedFolder(persistence, 'Batch top', 2);
      const early = await publishedFolder(persistence, 'Trashed early', top.locationId);
      const later = await publishedFolder(persistence, 'Trashed later', top.locationId);
      await trashHandler.trashSubtree(early.locationId, TRASHED_AT);
      await trashHandler.trashSubtree(top.locationId, TRASHED_AT);
      expect((await trashHandler.loadTrashItem(top.locationId))?.childCount).toBe(2);

      expect(await trashHandler.recover(top.locationId, 2)).toEqual([top.locationId, later.locationId]);
      expect(await locationHandler.load(early.locationId)).toBeNull();
      expect(await trashHandler.recover(early.locationId, top.locationId)).toEqual([early.locationId]);
      expect(await locationHandler.load(early.locationId)).toMatchObject({ pathString: early.pathString });
    });

    it('lists, deletes and empties the trash, returning the content ids', async () => {
      const persistence = store();
      const { trashHandler } = persistence;
      await trashHandler.emptyTrash();
      const a = await publishedFolder(persistence, 'List A', 2);
      const b = await publishedFolder(persistence, 'List B', 2);
      const c = await publishedFolder(persistence, 'List C', 2);
      for (const folder of [a, b, c]) await trashHandler.trashSubtree(folder.locationId, TRASHED_AT);

      const all = await trashHandler.findTrashItems(0, -1);
      expect(all.totalCount).toBe(3);
      expect(all.items.map((item) => item.id)).toEqual([a.locationId, b.locationId, c.locationId]);
      const page = await trashHandler.findTrashItems(1, 1);
      expect([page.totalCount, page.items.map((item) => item.id)]).toEqual([3, [b.locationId]]);
      expect((await trashHandler.findTrashItems(2, -1)).items.map((item) => item.id)).toEqual([c.locationId]);

      expect(await trashHandler.deleteTrashItem(a.locationId)).toBe(a.contentId);
      expect(await trashHandler.deleteTrashItem(a.locationId)).toBeNull();
      await trashHandler.deleteTrashItemsOfContent([b.contentId]);
      expect(await trashHandler.loadTrashItem(b.locationId)).toBeNull();
      expect(await trashHandler.emptyTrash()).toEqual([c.contentId]);
      expect((await trashHandler.findTrashItems(0, -1)).totalCount).toBe(0);
    });
  });
}
