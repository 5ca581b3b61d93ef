import type { Criterion } from '../../domain/criteria/criterion.js';
import type { SortClause } from '../../domain/criteria/sort-clause.js';
import type { ResolvedQuery } from '../../spi/search-handler.js';
import { at, folderRecord, type PersistenceUnderTest, publishedFolder, seededStore } from './fixtures.js';
import type { TestRunner } from '../test-runner.js';

const query = (criterion: Criterion, sortClauses: SortClause[] = [], offset = 0, limit = 100): ResolvedQuery => ({
  criterion,
  sortClauses,
  offset,
  limit,
  languageFilter: {},
});

/**
 * Contract of SearchHandler for the criteria and sort clauses the content lifecycle relies on (permission
 * filtering and location children). The full criteria contract runs the generated cases of the search suite.
 */
export function searchContract(runner: TestRunner, create: () => Promise<PersistenceUnderTest>): void {
  const { describe, expect, it } = runner;
  describe('SearchHandler', () => {
    const store = seededStore(runner, create);

    it('finds published content only, one hit per item, with a total count and paging', async () => {
      const persistence = store();
      const draft = await persistence.contentHandler.create(folderRecord('Unpublished'));
      const all = await persistence.searchHandler.findContent(query({ type: 'MatchAll' }, [{ type: 'ContentId', direction: 'ascending' }]));
      expect(all.ids).toEqual([1, 4, 10, 11, 12, 13, 14, 41, 42, 49, 50, 51]);
      expect(all.totalCount).toBe(12);
      expect(all.ids).not.toContain(draft.contentInfo.id);
      const page = await persistence.searchHandler.findContent(query({ type: 'MatchAll' }, [{ type: 'ContentId', direction: 'descending' }], 2, 3));
      expect(page).toEqual({ totalCount: 12, ids: [49, 42, 41] });
      const none = await persistence.searchHandler.findContent(query({ type: 'MatchNone' }));
      expect(none).toEqual({ totalCount: 0, ids: [] });
    });

    it('matches metadata criteria combined with AND, OR and NOT', async () => {
      const { searchHandler } = store();
      const ids = async (criterion: Criterion): Promise<readonly number[]> =>
        (await searchHandler.findContent(query(criterion, [{ type: 'ContentId', direction: 'ascending' }]))).ids;
      expect(await ids({ type: 'SectionId', values: [1] })).toEqual([1]);
      expect(await ids({ type: 'ContentTypeId', values: [4] })).toEqual([10, 14]);
      expect(await ids({ type: 'ContentId', values: [4, 10, 999] })).toEqual([4, 10]);
      expect(await ids({ type: 'ContentRemoteId', values: ['a6e35cbcb7cd6ae4b691f3eee30cd262'] })).toEqual([41]);
      expect(await ids({ type: 'LocationRemoteId', values: ['f3e90596361e31d496d4026eb624c983'] })).toEqual([1]);
      expect(await ids({ type: 'LocationId', values: [43, 44] })).toEqual([41, 42]);
      expect(await ids({ type: 'ObjectStateId', values: [1] })).toHaveLength(12);
      expect(await ids({ type: 'UserMetadata', target: 'owner', values: [14] })).toHaveLength(12);
      expect(await ids({ type: 'UserMetadata', target: 'group', values: [12] })).toHaveLength(12);
      expect(await ids({ type: 'UserMetadata', target: 'group', values: [11] })).toEqual([]);
      expect(await ids({ type: 'LanguageCode', values: ['pol-PL'], matchAlwaysAvailable: true })).toHaveLength(12);
      expect(await ids({ type: 'LanguageCode', values: ['pol-PL'], matchAlwaysAvailable: false })).toEqual([]);
      expect(
        await ids({
          type: 'LogicalAnd',
          criteria: [
            { type: 'ContentTypeId', values: [1, 3] },
            { type: 'LogicalNot', criterion: { type: 'SectionId', values: [2] } },
            { type: 'LogicalOr', criteria: [{ type: 'ContentId', values: [1] }, { type: 'ParentLocationId', values: [43] }] },
          ],
        }),
      ).toEqual([1, 49, 50, 51]);
    });

    it('matches tree criteria: a subtree includes its root and does not match a longer sibling id', async () => {
      const persistence = store();
      const top = await publishedFolder(persistence, 'Top level', 1);
      expect(top.pathString).toMatch(/^\/1\/5\d\/$/);
      const subtree = await persistence.searchHandler.findContent(query({ type: 'Subtree', values: ['/1/5/'] }, [{ type: 'ContentId', direction: 'ascending' }]));
      expect(subtree.ids).toEqual([4, 10, 11, 12, 13, 14, 42]);
      const byParent = await persistence.searchHandler.findLocations(query({ type: 'ParentLocationId', values: [43] }, [{ type: 'LocationId', direction: 'ascending' }]));
      expect(byParent.ids).toEqual([51, 52, 53]);
    });

    it('in a location search returns one hit per location, never the root, and checks invisibility', async () => {
      const persistence = store();
      const all = await persistence.searchHandler.findLocations(query({ type: 'MatchAll' }, [{ type: 'LocationId', direction: 'ascending' }], 0, 5));
      expect(all.ids).toEqual([2, 5, 12, 13, 14]);
      const folder = await publishedFolder(persistence, 'Two places', 2);
      await persistence.locationHandler.create({
        contentId: folder.contentId, parentLocationId: 43, priority: 0, hidden: true, remoteId: `second-${folder.contentId}`, sortField: 'PATH', sortOrder: 'ASC',
      });
      const locations = await persistence.searchHandler.findLocations(query({ type: 'ContentId', values: [folder.contentId] }));
      expect(locations.totalCount).toBe(2);
      const visible = await persistence.searchHandler.findLocations(
        query({ type: 'LogicalAnd', criteria: [{ type: 'ContentId', values: [folder.contentId] }, { type: 'Visibility', value: 'VISIBLE' }] }),
      );
      expect(visible.ids).toEqual([folder.locationId]);
      const hiddenContent = await persistence.searchHandler.findContent(
        query({ type: 'LogicalAnd', criteria: [{ type: 'ContentId', values: [folder.contentId] }, { type: 'Visibility', value: 'HIDDEN' }] }),
      );
      expect(hiddenContent.ids).toEqual([folder.contentId]);
    });

    it('sorts by the location sort clauses with a deterministic tie-break', async () => {
      const persistence = store();
      const parent = await publishedFolder(persistence, 'Sorted parent', 2);
      const names = ['beta', 'Alpha', 'gamma'];
      const children = [];
      for (const [index, name] of names.entries()) {
        const child = await publishedFolder(persistence, name, parent.locationId, { modificationDate: at('2024-01-01T00:00:00Z') });
        await persistence.locationHandler.update(child.locationId, { priority: index === 2 ? -1 : 5 });
        children.push(child);
      }
      const run = async (sortClauses: SortClause[]): Promise<readonly number[]> =>
        (await persistence.searchHandler.findLocations(query({ type: 'ParentLocationId', values: [parent.locationId] }, sortClauses))).ids;
      const [beta, alpha, gamma] = children.map((child) => child.locationId);
      expect(await run([{ type: 'ContentName', direction: 'ascending' }])).toEqual([alpha, beta, gamma]);
      expect(await run([{ type: 'ContentName', direction: 'descending' }])).toEqual([gamma, beta, alpha]);
      expect(await run([{ type: 'LocationPriority', direction: 'ascending' }])).toEqual([gamma, beta, alpha]);
      expect(await run([{ type: 'LocationPriority', direction: 'descending' }, { type: 'LocationId', direction: 'descending' }])).toEqual([alpha, beta, gamma]);
      expect(await run([{ type: 'LocationPath', direction: 'ascending' }])).toEqual([beta, alpha, gamma]);
      expect(await run([])).toEqual([beta, alpha, gamma]);
    });
  });
}
