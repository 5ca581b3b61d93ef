import { expect, it } from '@jest/globals';
import { NotFoundError } from '@contentrepo/core';
import { publishFolder } from '../../test-support/builders.js';
import { describeOnEachDialect } from '../../test-support/dialect-suite.js';

describeOnEachDialect('SqlLocationHandler', (store) => {
  it('loads a location with its ContentInfo, and the root with the synthesised one', async () => {
    const { locationHandler } = store().persistence;
    expect(await locationHandler.load(21)).toMatchObject({ pathString: '/1/2/21/', depth: 2, contentInfo: { id: 20, name: 'Child' } });
    expect((await locationHandler.load(1))?.contentInfo).toMatchObject({ id: 0, name: 'Top Level Nodes', mainLocationId: 1 });
    expect(await locationHandler.loadByContent(0)).toEqual([]);
    expect(await locationHandler.loadList([21, 1, 404])).toHaveLength(2);
  });

  it('does not confuse /1/2/ with /1/20/ in subtree operations', async () => {
    const { persistence } = store();
    const { locationHandler } = persistence;
    expect([...(await locationHandler.loadSubtreeContentIds(2))]).toEqual([1, 20]);
    expect([...(await locationHandler.loadSubtreeContentIds(20))]).toEqual([19]);
    await locationHandler.setHidden(2, true);
    expect(await locationHandler.load(20)).toMatchObject({ hidden: false, invisible: false });
    expect(await locationHandler.load(21)).toMatchObject({ hidden: false, invisible: true });
    await locationHandler.setHidden(2, false);
    expect(await locationHandler.load(21)).toMatchObject({ invisible: false });
  });

  it('recomputes invisibility for the whole subtree: hidden descendants and hidden content stay invisible', async () => {
    const { persistence } = store();
    const { locationHandler } = persistence;
    const top = await publishFolder(persistence, 'Top', 20);
    const middle = await publishFolder(persistence, 'Middle', top.locationId);
    const leaf = await publishFolder(persistence, 'Leaf', middle.locationId);
    const hiddenContent = await publishFolder(persistence, 'Hidden content', top.locationId);
    const underHiddenContent = await publishFolder(persistence, 'Under hidden content', hiddenContent.locationId);
    await locationHandler.setContentHidden(hiddenContent.contentId, true);
    expect((await persistence.contentHandler.loadContentInfo(hiddenContent.contentId))?.isHidden).toBe(true);
    expect(await locationHandler.load(underHiddenContent.locationId)).toMatchObject({ invisible: true });

    await locationHandler.setHidden(middle.locationId, true);
    await locationHandler.setHidden(top.locationId, true);
    for (const id of [top.locationId, middle.locationId, leaf.locationId, hiddenContent.locationId]) {
      expect((await locationHandler.load(id))?.invisible).toBe(true);
    }
    await locationHandler.setHidden(top.locationId, false);
    expect(await locationHandler.load(top.locationId)).toMatchObject({ hidden: false, invisible: false });
    expect(await locationHandler.load(middle.locationId)).toMatchObject({ hidden: true, invisible: true });
    expect(await locationHandler.load(leaf.locationId)).toMatchObject({ hidden: false, invisible: true });
    expect(await locationHandler.load(hiddenContent.locationId)).toMatchObject({ hidden: false, invisible: true });
    expect(await locationHandler.load(underHiddenContent.locationId)).toMatchObject({ invisible: true });

    await locationHandler.setContentHidden(hiddenContent.contentId, false);
    expect(await locationHandler.load(underHiddenContent.locationId)).toMatchObject({ invisible: false });
    await locationHandler.setHidden(middle.locationId, false);
    expect(await locationHandler.load(leaf.locationId)).toMatchObject({ invisible: false });
    expect(await locationHandler.load(20)).toMatchObject({ invisible: false });
  });

  it('deletes a subtree in one go, returning its locations parents first, and leaves siblings alone', async () => {
    const { persistence } = store();
    const { locationHandler } = persistence;
    const a = await publishFolder(persistence, 'A', 2);
    const a1 = await publishFolder(persistence, 'A1', a.locationId);
    const a11 = await publishFolder(persistence, 'A11', a1.locationId);
    const removed = await locationHandler.deleteSubtree(a.locationId);
    expect(removed.map((location) => location.id)).toEqual([a.locationId, a1.locationId, a11.locationId]);
    expect(removed[2]?.contentInfo.name).toBe('A11');
    expect(await locationHandler.load(a11.locationId)).toBeNull();
    expect(await locationHandler.load(21)).not.toBeNull();
    expect(await locationHandler.load(20)).not.toBeNull();
    await expect(locationHandler.deleteSubtree(a.locationId)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('moves a subtree below another parent, rewriting paths and depths of every descendant', async () => {
    const { persistence } = store();
    const { locationHandler } = persistence;
    const source = await publishFolder(persistence, 'Source', 2);
    const child = await publishFolder(persistence, 'Source child', source.locationId);
    const before = (await locationHandler.countChildren([20])).get(20) ?? 0;
    await locationHandler.move(source.locationId, 20);
    expect(await locationHandler.load(child.locationId)).toMatchObject({
      pathString: `/1/20/${source.locationId}/${child.locationId}/`,
      depth: 3,
    });
    expect((await locationHandler.countChildren([20])).get(20)).toBe(before + 1);
  });
});
