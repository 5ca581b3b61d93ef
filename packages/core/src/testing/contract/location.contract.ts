import { InvalidArgumentError } from '../../errors/repository-error.js';
import { type PersistenceUnderTest, publishedFolder, seededStore, unique } from './fixtures.js';
import type { TestRunner } from '../test-runner.js';

/** Contract of LocationHandler: loads with ContentInfo, tree maintenance, visibility, subtree deletion. */
export function locationContract(runner: TestRunner, create: () => Promise<PersistenceUnderTest>): void {
  const { describe, expect, it } = runner;
  describe('LocationHandler', () => {
    const store = seededStore(runner, create);

    it('loads seeded locations with their content, and the virtual root with content 0', async () => {
      const { locationHandler } = store();
      const home = await locationHandler.load(2);
      expect(home).toMatchObject({
        id: 2,
        parentLocationId: 1,
        contentId: 1,
        pathString: '/1/2/',
        depth: 1,
        priority: 0,
        hidden: false,
        invisible: false,
        remoteId: 'f3e90596361e31d496d4026eb624c983',
        sortField: 'PRIORITY',
        sortOrder: 'ASC',
      });
      expect(home?.contentInfo).toMatchObject({ id: 1, name: 'Ibexa Platform' });
      const root = await locationHandler.load(1);
      expect(root).toMatchObject({ id: 1, parentLocationId: 1, pathString: '/1/', depth: 0, contentId: 0 });
      expect(root?.contentInfo).toMatchObject({ id: 0, name: 'Top Level Nodes', sectionId: 1 });
      expect(await locationHandler.load(999_999)).toBeNull();
      expect((await locationHandler.loadByRemoteId('75c715a51699d2d309a924eca6a95145'))?.id).toBe(43);
      expect((await locationHandler.loadList([53, 999_999, 2])).map((location) => location.id)).toEqual([53, 2]);
      expect((await locationHandler.loadByContent(14)).map((location) => location.pathString)).toEqual(['/1/5/13/15/']);
    });

    it('counts children', async () => {
      const { locationHandler } = store();
      const counts = await locationHandler.countChildren([1, 5, 43, 15]);
      expect(counts.get(1)).toBe(3);
      expect(counts.get(5)).toBe(4);
      expect(counts.get(43)).toBe(3);
      expect(counts.get(15)).toBe(0);
    });

    it('creates locations below a parent with pathString and depth, and a second location of the same content', async () => {
      const persistence = store();
      const folder = await publishedFolder(persistence, 'Tree root', 2);
      expect(folder.pathString).toBe(`/1/2/${folder.locationId}/`);
      const child = await publishedFolder(persistence, 'Tree child', folder.locationId);
      const loaded = await persistence.locationHandler.load(child.locationId);
      expect(loaded).toMatchObject({ parentLocationId: folder.locationId, depth: 3, pathString: `${folder.pathString}${child.locationId}/` });
      const second = await persistence.locationHandler.create({
        contentId: child.contentId, parentLocationId: 43, priority: 5, hidden: false, remoteId: unique('loc'), sortField: 'NAME', sortOrder: 'DESC',
      });
      expect(second).toMatchObject({ depth: 2, priority: 5, sortField: 'NAME', sortOrder: 'DESC', contentId: child.contentId });
      expect((await persistence.locationHandler.loadByContent(child.contentId)).map((l) => l.id)).toEqual([child.locationId, second.id]);
    });

    it('refuses a duplicate location remoteId, also one differing only in the case of ASCII letters', async () => {
      const { locationHandler } = store();
      await expect(
        locationHandler.create({ contentId: 1, parentLocationId: 43, priority: 0, hidden: false, remoteId: 'f3e90596361e31d496d4026eb624c983', sortField: 'PATH', sortOrder: 'ASC' }),
      ).rejects.toBeInstanceOf(InvalidArgumentError);
      await expect(
        locationHandler.create({ contentId: 1, parentLocationId: 43, priority: 0, hidden: false, remoteId: 'F3E90596361E31D496D4026EB624C983', sortField: 'PATH', sortOrder: 'ASC' }),
      ).rejects.toBeInstanceOf(InvalidArgumentError);
      await expect(locationHandler.update(43, { remoteId: 'F3E90596361E31D496D4026EB624C983' })).rejects.toBeInstanceOf(InvalidArgumentError);
    });

    it('finds a location by its remoteId case-insensitively, keeping the case it was written in', async () => {
      const persistence = store();
      const { locationHandler } = persistence;
      expect((await locationHandler.loadByRemoteId('75C715A51699D2D309A924ECA6A95145'))?.id).toBe(43);
      const folder = await publishedFolder(persistence, 'Cased location', 2);
      const remoteId = unique('Loc-Case');
      await locationHandler.update(folder.locationId, { remoteId });
      expect(await locationHandler.loadByRemoteId(remoteId.toLowerCase())).toMatchObject({ id: folder.locationId, remoteId });
      expect(await locationHandler.update(folder.locationId, { remoteId: remoteId.toUpperCase() })).toMatchObject({ remoteId: remoteId.toUpperCase() });
    });

    it('updates priority, remoteId and sorting', async () => {
      const persistence = store();
      const folder = await publishedFolder(persistence, 'Updated', 2);
      const remoteId = unique('remote');
      const updated = await persistence.locationHandler.update(folder.locationId, { priority: 7, remoteId, sortField: 'NAME', sortOrder: 'DESC' });
      expect(updated).toMatchObject({ priority: 7, remoteId, sortField: 'NAME', sortOrder: 'DESC', pathString: folder.pathString });
    });

    it('hides a subtree: descendants become invisible and stay so while another ancestor hides them', async () => {
      const persistence = store();
      const { locationHandler } = persistence;
      const top = await publishedFolder(persistence, 'Top', 2);
      const middle = await publishedFolder(persistence, 'Middle', top.locationId);
      const leaf = await publishedFolder(persistence, 'Leaf', middle.locationId);

      await locationHandler.setHidden(top.locationId, true);
      expect(await locationHandler.load(top.locationId)).toMatchObject({ hidden: true, invisible: true });
      expect(await locationHandler.load(leaf.locationId)).toMatchObject({ hidden: false, invisible: true });

      await locationHandler.setHidden(middle.locationId, true);
      await locationHandler.setHidden(top.locationId, false);
      expect(await locationHandler.load(top.locationId)).toMatchObject({ hidden: false, invisible: false });
      expect(await locationHandler.load(middle.locationId)).toMatchObject({ hidden: true, invisible: true });
      expect(await locationHandler.load(leaf.locationId)).toMatchObject({ invisible: true });

      await locationHandler.setHidden(middle.locationId, false);
      expect(await locationHandler.load(leaf.locationId)).toMatchObject({ invisible: false });

      const under = await publishedFolder(persistence, 'Under hidden', top.locationId);
      await locationHandler.setHidden(top.locationId, true);
      const created = await locationHandler.create({
        contentId: under.contentId, parentLocationId: middle.locationId, priority: 0, hidden: false, remoteId: unique('loc'), sortField: 'PATH', sortOrder: 'ASC',
      });
      expect(created.invisible).toBe(true);
    });

    it('hides content: all its locations and their subtrees become invisible', async () => {
      const persistence = store();
      const parent = await publishedFolder(persistence, 'Hidden content', 2);
      const child = await publishedFolder(persistence, 'Child of hidden content', parent.locationId);
      await persistence.locationHandler.setContentHidden(parent.contentId, true);
      expect(await persistence.locationHandler.load(child.locationId)).toMatchObject({ invisible: true });
      await persistence.locationHandler.setContentHidden(parent.contentId, false);
      expect(await persistence.locationHandler.load(child.locationId)).toMatchObject({ invisible: false });
    });

    it('lists and deletes a subtree, reporting the removed locations, not confusing /1/2/X/ with a sibling prefix', async () => {
      const persistence = store();
      const { locationHandler } = persistence;
      const a = await publishedFolder(persistence, 'A', 2);
      const a1 = await publishedFolder(persistence, 'A1', a.locationId);
      const sibling = await publishedFolder(persistence, 'Sibling', 2);
      const a2 = await publishedFolder(persistence, 'A2', a.locationId);
      const a11 = await publishedFolder(persistence, 'A11', a1.locationId);
      const ids = await locationHandler.loadSubtreeIds(a.locationId);
      expect([...ids].sort((x, y) => x - y)).toEqual([a.locationId, a1.locationId, a2.locationId, a11.locationId].sort((x, y) => x - y));
      expect(ids[0]).toBe(a.locationId);
      expect(ids.indexOf(a1.locationId)).toBeLessThan(ids.indexOf(a11.locationId));
      expect(await locationHandler.loadSubtreeIds(999_999)).toEqual([]);
      expect((await locationHandler.loadSubtreeContentIds(a.locationId)).slice().sort((x, y) => x - y)).toEqual(
        [a.contentId, a1.contentId, a2.contentId, a11.contentId].sort((x, y) => x - y),
      );
      const removed = await locationHandler.deleteSubtree(a.locationId);
      expect(removed.map((location) => location.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
      expect(await locationHandler.load(a1.locationId)).toBeNull();
      expect(await locationHandler.load(sibling.locationId)).not.toBeNull();
      expect(await locationHandler.load(2)).not.toBeNull();
    });

    it('moves a subtree: parent, pathString and depth of every descendant follow, invisibility is recomputed', async () => {
      const persistence = store();
      const { locationHandler } = persistence;
      const source = await publishedFolder(persistence, 'Move me', 2);
      const child = await publishedFolder(persistence, 'Moved child', source.locationId);
      const grandChild = await publishedFolder(persistence, 'Moved grandchild', child.locationId);
      const hiddenParent = await publishedFolder(persistence, 'Hidden destination', 43);
      await locationHandler.setHidden(hiddenParent.locationId, true);

      await locationHandler.move(source.locationId, hiddenParent.locationId);
      const base = `${hiddenParent.pathString}${source.locationId}/`;
      expect(await locationHandler.load(source.locationId)).toMatchObject({ parentLocationId: hiddenParent.locationId, pathString: base, depth: 3, invisible: true });
      expect(await locationHandler.load(child.locationId)).toMatchObject({ pathString: `${base}${child.locationId}/`, depth: 4, invisible: true });
      expect(await locationHandler.load(grandChild.locationId)).toMatchObject({
        pathString: `${base}${child.locationId}/${grandChild.locationId}/`,
        depth: 5,
        parentLocationId: child.locationId,
      });

      await locationHandler.move(source.locationId, 2);
      expect(await locationHandler.load(grandChild.locationId)).toMatchObject({
        pathString: `/1/2/${source.locationId}/${child.locationId}/${grandChild.locationId}/`,
        depth: 4,
        invisible: false,
      });
    });

    it('swaps the content of two locations', async () => {
      const persistence = store();
      const first = await publishedFolder(persistence, 'First', 2);
      const second = await publishedFolder(persistence, 'Second', 43);
      await persistence.locationHandler.swap(first.locationId, second.locationId);
      const a = await persistence.locationHandler.load(first.locationId);
      const b = await persistence.locationHandler.load(second.locationId);
      expect([a?.contentId, a?.contentInfo.name, a?.pathString]).toEqual([second.contentId, 'Second', first.pathString]);
      expect([b?.contentId, b?.contentInfo.name, b?.pathString]).toEqual([first.contentId, 'First', second.pathString]);
    });
  });
}
