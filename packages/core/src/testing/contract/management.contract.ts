import { InvalidArgumentError } from '../../errors/repository-error.js';
import { folderName, folderRecord, type PersistenceUnderTest, publishedFolder, seededStore } from './fixtures.js';
import type { TestRunner } from '../test-runner.js';

const translated = { defaultLanguageCode: 'eng-GB', languageCodes: ['eng-GB'], names: { 'eng-GB': 'Name' }, descriptions: {} };

/**
 * Contract of the repository-management writes: sections, object state groups and states, URL wildcards,
 * bookmarks, and the relation and translation writes of ContentHandler.
 */
export function managementContract(runner: TestRunner, create: () => Promise<PersistenceUnderTest>): void {
  const { describe, expect, it } = runner;
  describe('management handlers', () => {
    const store = seededStore(runner, create);

    it('creates, updates, counts and deletes sections; identifiers are unique', async () => {
      const { sectionHandler } = store();
      const created = await sectionHandler.create({ identifier: 'contract', name: 'Contract' });
      expect(created.id).toBeGreaterThan(3);
      expect(await sectionHandler.load(created.id)).toEqual(created);
      await expect(sectionHandler.create({ identifier: 'media', name: 'Again' })).rejects.toBeInstanceOf(InvalidArgumentError);
      expect(await sectionHandler.update({ ...created, name: 'Renamed' })).toEqual({ ...created, name: 'Renamed' });
      await expect(sectionHandler.update({ ...created, identifier: 'standard' })).rejects.toBeInstanceOf(InvalidArgumentError);
      expect(await sectionHandler.assignmentsCount(3)).toBe(4);
      expect(await sectionHandler.assignmentsCount(created.id)).toBe(0);
      await sectionHandler.delete(created.id);
      expect(await sectionHandler.load(created.id)).toBeNull();
    });

    it('creates, updates and deletes object state groups and states; links follow', async () => {
      const persistence = store();
      const { objectStateHandler: handler } = persistence;
      const group = await handler.createGroup({ identifier: 'workflow', ...translated });
      expect(await handler.loadGroup(group.id)).toEqual(group);
      await expect(handler.createGroup({ identifier: 'ez_lock', ...translated })).rejects.toBeInstanceOf(InvalidArgumentError);
      const updated = await handler.updateGroup({ ...group, names: { 'eng-GB': 'Workflow' } });
      expect(await handler.loadGroup(group.id)).toEqual(updated);

      const draft = await handler.createState({ groupId: group.id, identifier: 'draft', priority: 0, ...translated });
      const review = await handler.createState({ groupId: group.id, identifier: 'review', priority: 1, ...translated });
      await expect(handler.createState({ groupId: group.id, identifier: 'draft', priority: 2, ...translated })).rejects.toBeInstanceOf(InvalidArgumentError);
      expect(await handler.loadState(review.id)).toEqual(review);
      await handler.assignStateToAllContent(draft.id);
      const total = await handler.countContentInState(draft.id);
      expect(total).toBeGreaterThanOrEqual(12);
      const stateIds = await handler.loadContentStateIds(1);
      expect(stateIds).toContain(1);
      expect(stateIds).toContain(draft.id);

      await handler.setContentStates(1, [review.id]);
      expect(await handler.countContentInState(review.id)).toBe(1);
      await handler.updateState({ ...review, priority: -1 });
      expect((await handler.loadStates(group.id)).map((state) => state.identifier)).toEqual(['review', 'draft']);
      await handler.deleteState(review.id, draft.id);
      expect(await handler.countContentInState(draft.id)).toBe(total);
      expect(await handler.loadState(review.id)).toBeNull();
      await handler.deleteState(draft.id, null);
      expect(await handler.loadContentStateIds(1)).toEqual([1]);
      await handler.deleteGroup(group.id);
      expect(await handler.loadGroup(group.id)).toBeNull();
    });

    it('creates, finds, lists and removes URL wildcards', async () => {
      const { urlWildcardHandler: handler } = store();
      const first = await handler.create({ sourceUrl: '/contract/*', destinationUrl: '/target/{1}', forward: true });
      const second = await handler.create({ sourceUrl: '/other/*', destinationUrl: '/x/{1}', forward: false });
      expect(await handler.load(first.id)).toEqual(first);
      expect(await handler.loadBySourceUrl('/other/*')).toEqual(second);
      expect(await handler.loadBySourceUrl('/none')).toBeNull();
      expect((await handler.loadAll(0, -1)).map((wildcard) => wildcard.id)).toEqual([first.id, second.id]);
      expect(await handler.loadAll(1, 1)).toEqual([second]);
      await handler.remove(first.id);
      expect(await handler.load(first.id)).toBeNull();
    });

    it('keeps bookmarks per user: create, list, check, owners, swap, delete by location', async () => {
      const { bookmarkHandler: handler } = store();
      await handler.create(14, 43);
      await handler.create(14, 43);
      await handler.create(14, 2);
      await handler.create(10, 51);
      expect(await handler.loadUserBookmarks(14, 0, -1)).toEqual({ totalCount: 2, locationIds: [2, 43] });
      expect(await handler.loadUserBookmarks(14, 1, 1)).toEqual({ totalCount: 2, locationIds: [43] });
      expect([...(await handler.loadBookmarked(14, [2, 51, 43]))].sort((a, b) => a - b)).toEqual([2, 43]);
      expect(await handler.loadUserIdsByLocations([51, 43, 2])).toEqual([10, 14]);
      expect(await handler.loadUserIdsByLocations([2])).toEqual([14]);
      expect(await handler.loadUserIdsByLocations([5])).toEqual([]);
      await handler.swapLocations(43, 51);
      expect((await handler.loadUserBookmarks(14, 0, -1)).locationIds).toEqual([2, 51]);
      expect((await handler.loadUserBookmarks(10, 0, -1)).locationIds).toEqual([43]);
      await handler.create(14, 43);
      await handler.swapLocations(43, 51);
      expect((await handler.loadUserBookmarks(14, 0, -1)).locationIds).toEqual([2, 43, 51]);
      await handler.deleteByLocations([43, 2]);
      expect((await handler.loadUserBookmarks(14, 0, -1)).locationIds).toEqual([51]);
      await handler.delete(14, 51);
      expect(await handler.loadUserBookmarks(14, 0, -1)).toEqual({ totalCount: 0, locationIds: [] });
    });

    it('adds and removes relations, deletes a translation from one or every version', async () => {
      const persistence = store();
      const { contentHandler } = persistence;
      const target = await publishedFolder(persistence, 'Relation target', 2);
      const created = await contentHandler.create(
        folderRecord('Bilingual', {
          languageCodes: ['eng-GB', 'pol-PL'],
          names: { 'eng-GB': 'Bilingual', 'pol-PL': 'Dwujęzyczny' },
          fields: [folderName('Bilingual'), folderName('Dwujęzyczny', 'pol-PL')],
          initialLanguageCode: 'pol-PL',
        }),
      );
      const id = created.contentInfo.id;
      const relation = await contentHandler.addRelation(id, 1, { destinationContentId: target.contentId, type: 'COMMON', sourceFieldDefinitionIdentifier: null });
      expect(relation).toMatchObject({ sourceContentId: id, sourceVersionNo: 1, destinationContentId: target.contentId, type: 'COMMON' });
      expect(await contentHandler.loadRelations(id, 1)).toEqual([relation]);
      await contentHandler.removeRelation(relation.id);
      expect(await contentHandler.loadRelations(id, 1)).toEqual([]);

      await contentHandler.publish(id, 1, { name: 'Bilingual', date: new Date('2024-01-11T00:00:00Z') });
      await contentHandler.createDraft(id, 1, { creatorId: 14, date: new Date('2024-01-12T00:00:00Z'), initialLanguageCode: 'pol-PL' });
      await contentHandler.deleteTranslation(id, 'pol-PL', 2);
      expect(await contentHandler.loadVersionInfo(id, 2)).toMatchObject({ languageCodes: ['eng-GB'], names: { 'eng-GB': 'Bilingual' }, initialLanguageCode: 'eng-GB' });
      expect((await contentHandler.load(id, 2))?.fields.map((field) => field.languageCode)).toEqual(['eng-GB']);
      expect((await contentHandler.load(id, 1))?.fields.map((field) => field.languageCode)).toEqual(['eng-GB', 'pol-PL']);
      await contentHandler.deleteTranslation(id, 'pol-PL', null);
      expect(await contentHandler.loadVersionInfo(id, 1)).toMatchObject({ languageCodes: ['eng-GB'], names: { 'eng-GB': 'Bilingual' } });
      expect((await contentHandler.load(id, 1))?.fields.map((field) => field.languageCode)).toEqual(['eng-GB']);
    });
  });
}
