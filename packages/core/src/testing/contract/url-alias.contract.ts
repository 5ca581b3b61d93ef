import { segmentKey } from '../../domain/rules/url-alias-text.js';
import type { UrlAliasRecord } from '../../spi/url-alias-handler.js';
import { type PersistenceUnderTest, publishedFolder, seededStore } from './fixtures.js';
import type { TestRunner } from '../test-runner.js';

const entry = (overrides: Partial<UrlAliasRecord> & Pick<UrlAliasRecord, 'parentId' | 'id' | 'text'>): UrlAliasRecord => ({
  textMd5: segmentKey(overrides.text),
  target: { kind: 'virtual' },
  languageCodes: ['eng-GB'],
  alwaysAvailable: false,
  isOriginal: true,
  isCustom: false,
  forward: false,
  ...overrides,
});

/** Contract of UrlAliasHandler: keyed entries, node and ancestry loads, recursive removal of location aliases. */
export function urlAliasContract(runner: TestRunner, create: () => Promise<PersistenceUnderTest>): void {
  const { describe, expect, it } = runner;
  describe('UrlAliasHandler', () => {
    const store = seededStore(runner, create);

    it('holds the clean-install aliases and hands out node ids past them', async () => {
      const { urlAliasHandler } = store();
      expect(await urlAliasHandler.loadEntry(0, segmentKey(''))).toMatchObject({ id: 1, text: '', target: { kind: 'location', locationId: 2 } });
      expect(await urlAliasHandler.loadEntry(2, segmentKey('GUEST-ACCOUNTS'))).toMatchObject({ text: 'Guest-accounts', isOriginal: true });
      expect(await urlAliasHandler.loadEntry(2, segmentKey('guest_accounts'))).toMatchObject({ id: 3, isOriginal: false });
      const first = await urlAliasHandler.nextNodeId();
      expect(first).toBeGreaterThan(12);
      expect(await urlAliasHandler.nextNodeId()).toBeGreaterThan(first);
    });

    it('saves (upserts), loads by node and ancestry, filters location entries and resources, deletes', async () => {
      const { urlAliasHandler } = store();
      const top = await urlAliasHandler.nextNodeId();
      const middle = await urlAliasHandler.nextNodeId();
      await urlAliasHandler.save(entry({ parentId: 0, id: top, text: 'Contract-top' }));
      await urlAliasHandler.save(entry({ parentId: top, id: middle, text: 'Middle', target: { kind: 'location', locationId: 43 }, isCustom: true, languageCodes: ['eng-GB', 'pol-PL'] }));
      const leaf = entry({ parentId: middle, id: await urlAliasHandler.nextNodeId(), text: 'Leaf', target: { kind: 'resource', resource: 'module:content/search' }, isCustom: true, forward: true });
      await urlAliasHandler.save(leaf);
      expect(await urlAliasHandler.loadEntry(leaf.parentId, leaf.textMd5)).toEqual(leaf);
      await urlAliasHandler.save({ ...leaf, text: 'LEAF', alwaysAvailable: true, isOriginal: false });
      expect(await urlAliasHandler.loadEntry(leaf.parentId, leaf.textMd5)).toMatchObject({ text: 'LEAF', alwaysAvailable: true, isOriginal: false });

      expect((await urlAliasHandler.loadByNodeIds([middle])).map((found) => found.text)).toEqual(['Middle']);
      expect((await urlAliasHandler.loadAncestry([leaf.id])).map((found) => found.text).sort()).toEqual(['Contract-top', 'LEAF', 'Middle']);
      expect((await urlAliasHandler.loadLocationEntries([43], true)).map((found) => found.text)).toEqual(['Middle']);
      expect((await urlAliasHandler.loadLocationEntries([43], false)).map((found) => found.text)).toEqual(['Media']);
      expect((await urlAliasHandler.loadResourceEntries(0, -1)).map((found) => found.id)).toEqual([leaf.id]);
      expect(await urlAliasHandler.loadResourceEntries(1, 5)).toEqual([]);
      expect(await urlAliasHandler.hasChildren(middle)).toBe(true);
      expect(await urlAliasHandler.hasChildren(leaf.id)).toBe(false);
      await urlAliasHandler.deleteEntry(leaf.parentId, leaf.textMd5);
      expect(await urlAliasHandler.loadEntry(leaf.parentId, leaf.textMd5)).toBeNull();
    });

    it('claims a key only when it is free, history, or of the same node', async () => {
      const { urlAliasHandler } = store();
      const mine = await urlAliasHandler.nextNodeId();
      const other = await urlAliasHandler.nextNodeId();
      const free = entry({ parentId: mine, id: mine, text: 'Claimed', target: { kind: 'location', locationId: 51 } });
      expect(await urlAliasHandler.claim(free)).toBe(true);
      expect(await urlAliasHandler.claim({ ...free, languageCodes: ['eng-GB', 'pol-PL'] })).toBe(true);
      expect(await urlAliasHandler.claim({ ...free, id: other, target: { kind: 'location', locationId: 52 } })).toBe(false);
      expect(await urlAliasHandler.loadEntry(free.parentId, free.textMd5)).toMatchObject({ id: mine, languageCodes: ['eng-GB', 'pol-PL'] });
      await urlAliasHandler.save({ ...free, isOriginal: false });
      expect(await urlAliasHandler.claim({ ...free, id: other, target: { kind: 'location', locationId: 52 } })).toBe(true);
      expect(await urlAliasHandler.loadEntry(free.parentId, free.textMd5)).toMatchObject({ id: other, isOriginal: true });
      const virtual = entry({ parentId: mine, id: await urlAliasHandler.nextNodeId(), text: 'Virtual', isOriginal: false });
      await urlAliasHandler.save(virtual);
      expect(await urlAliasHandler.claim({ ...virtual, id: other, target: { kind: 'location', locationId: 52 } })).toBe(false);
    });

    it('removes the aliases of locations with everything below their nodes', async () => {
      const persistence = store();
      const { urlAliasHandler } = persistence;
      const folder = await publishedFolder(persistence, 'Alias owner', 2);
      const node = await urlAliasHandler.nextNodeId();
      await urlAliasHandler.save(entry({ parentId: 0, id: node, text: 'Alias-owner', target: { kind: 'location', locationId: folder.locationId } }));
      await urlAliasHandler.save(entry({ parentId: 0, id: node, text: 'Old-owner-name', target: { kind: 'location', locationId: folder.locationId }, isOriginal: false }));
      const below = entry({ parentId: node, id: await urlAliasHandler.nextNodeId(), text: 'Custom-below', target: { kind: 'location', locationId: 51 }, isCustom: true });
      await urlAliasHandler.save(below);
      const deeper = entry({ parentId: below.id, id: await urlAliasHandler.nextNodeId(), text: 'Deeper' });
      await urlAliasHandler.save(deeper);

      await urlAliasHandler.deleteLocationAliases([folder.locationId]);
      expect(await urlAliasHandler.loadLocationEntries([folder.locationId], false)).toEqual([]);
      expect(await urlAliasHandler.loadEntry(below.parentId, below.textMd5)).toBeNull();
      expect(await urlAliasHandler.loadEntry(deeper.parentId, deeper.textMd5)).toBeNull();
      expect(await urlAliasHandler.loadEntry(0, segmentKey('Media'))).not.toBeNull();
    });
  });
}
