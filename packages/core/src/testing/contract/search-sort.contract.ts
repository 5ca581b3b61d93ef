import type { Criterion } from '../../domain/criteria/criterion.js';
import type { LanguageFilter } from '../../domain/criteria/query.js';
import type { SortClause } from '../../domain/criteria/sort-clause.js';
import type { PersistenceUnderTest } from './fixtures.js';
import { type ScenarioKey, searchScenarioStore } from './search-scenario.js';
import type { TestRunner } from '../test-runner.js';

const asc = (type: Exclude<SortClause['type'], 'Field'>): SortClause => ({ type, direction: 'ascending' });
const desc = (type: Exclude<SortClause['type'], 'Field'>): SortClause => ({ type, direction: 'descending' });
const byField = (fieldDefinitionIdentifier: string, direction: 'ascending' | 'descending'): SortClause => ({
  type: 'Field', contentTypeIdentifier: 'search_item', fieldDefinitionIdentifier, direction,
});

/**
 * Hand-written cases for every sort clause and for the location-search criteria, over the scenario of
 * search-scenario.ts; ties break by content id / location id ascending.
 */
export function searchSortContract(runner: TestRunner, create: () => Promise<PersistenceUnderTest>): void {
  const { describe, expect, it } = runner;
  describe('SearchHandler sort clauses and location search', () => {
    const scenario = searchScenarioStore(runner, create);
    const id = (key: ScenarioKey): number => scenario().items[key].contentId;
    const scope = (): Criterion => ({ type: 'Subtree', values: [scenario().items.root.pathStrings[0] ?? ''] });

    const content = async (sortClauses: SortClause[], languageFilter: LanguageFilter = {}): Promise<readonly number[]> =>
      (await scenario().persistence.searchHandler.findContent({ criterion: scope(), sortClauses, offset: 0, limit: 50, languageFilter })).ids;
    const locations = async (sortClauses: SortClause[], criterion: Criterion = { type: 'MatchAll' }): Promise<readonly number[]> =>
      (
        await scenario().persistence.searchHandler.findLocations({
          criterion: { type: 'LogicalAnd', criteria: [scope(), criterion] }, sortClauses, offset: 0, limit: 50, languageFilter: {},
        })
      ).ids;
    const keys = (...list: ScenarioKey[]): number[] => list.map(id);
    /** Locations in creation order: root, alpha, beta, gamma (2), delta, epsilon. */
    const locationIds = (): number[] => (['root', 'alpha', 'beta', 'gamma', 'delta', 'epsilon'] as const).flatMap((key) => [...scenario().items[key].locationIds]);

    it('orders content by metadata clauses', async () => {
      expect(await content([])).toEqual(keys('root', 'alpha', 'beta', 'gamma', 'delta', 'epsilon'));
      expect(await content([desc('ContentId')])).toEqual(keys('epsilon', 'delta', 'gamma', 'beta', 'alpha', 'root'));
      expect(await content([asc('ContentName')])).toEqual(keys('alpha', 'beta', 'delta', 'gamma', 'root', 'epsilon'));
      expect(await content([desc('DateModified')])).toEqual(keys('alpha', 'root', 'gamma', 'delta', 'epsilon', 'beta'));
      expect(await content([asc('DatePublished')])).toEqual(keys('beta', 'root', 'alpha', 'gamma', 'delta', 'epsilon'));
      expect(await content([asc('SectionIdentifier')])).toEqual(keys('beta', 'root', 'alpha', 'gamma', 'delta', 'epsilon'));
      expect(await content([desc('SectionName')])).toEqual(keys('root', 'alpha', 'gamma', 'delta', 'epsilon', 'beta'));
      expect(await content([asc('ContentTypeIdentifier')])).toEqual(keys('root', 'delta', 'alpha', 'beta', 'epsilon', 'gamma'));
      expect(await content([desc('ContentTypeName')])).toEqual(keys('gamma', 'alpha', 'beta', 'epsilon', 'root', 'delta'));
      expect(await content([desc('Score')])).toEqual(keys('root', 'alpha', 'beta', 'gamma', 'delta', 'epsilon'));
      expect(await content([asc('SectionIdentifier'), desc('ContentName')])).toEqual(keys('beta', 'epsilon', 'root', 'gamma', 'delta', 'alpha'));
    });

    it('orders by a field of one content type, other types first ascending', async () => {
      expect(await content([byField('count', 'ascending')])).toEqual(keys('root', 'gamma', 'delta', 'epsilon', 'alpha', 'beta'));
      expect(await content([byField('count', 'descending')])).toEqual(keys('beta', 'alpha', 'epsilon', 'root', 'gamma', 'delta'));
      expect(await content([byField('count', 'ascending')], { languages: ['pol-PL'] })).toEqual(keys('root', 'beta', 'gamma', 'delta', 'epsilon', 'alpha'));
      expect(await content([byField('rating', 'ascending')])).toEqual(keys('root', 'gamma', 'delta', 'beta', 'epsilon', 'alpha'));
      expect(await content([byField('title', 'descending')])).toEqual(keys('epsilon', 'beta', 'alpha', 'root', 'gamma', 'delta'));
      expect(await content([byField('tags', 'ascending'), asc('ContentName')])).toEqual(keys('delta', 'gamma', 'root', 'epsilon', 'beta', 'alpha'));
    });

    it('pages after sorting and counts every hit', async () => {
      const result = await scenario().persistence.searchHandler.findContent({
        criterion: scope(), sortClauses: [desc('ContentId')], offset: 2, limit: 2, languageFilter: {},
      });
      expect(result).toEqual({ totalCount: 6, ids: keys('gamma', 'beta') });
      const none = await scenario().persistence.searchHandler.findLocations({ criterion: scope(), sortClauses: [], offset: 0, limit: 0, languageFilter: {} });
      expect(none).toEqual({ totalCount: 7, ids: [] });
    });

    it('returns one hit per location, ordered by the location clauses', async () => {
      const [root, alpha, beta, gamma, gammaBelowAlpha, delta, epsilon] = locationIds();
      expect(await locations([])).toEqual([root, alpha, beta, gamma, gammaBelowAlpha, delta, epsilon]);
      expect(await locations([desc('LocationDepth')])).toEqual([gammaBelowAlpha, epsilon, alpha, beta, gamma, delta, root]);
      expect(await locations([asc('LocationPriority')])).toEqual([gamma, root, alpha, gammaBelowAlpha, epsilon, delta, beta]);
      expect(await locations([desc('LocationId')])).toEqual([epsilon, delta, gammaBelowAlpha, gamma, beta, alpha, root]);
      expect(await locations([asc('ContentId')])).toEqual([root, alpha, beta, gamma, gammaBelowAlpha, delta, epsilon]);
      const paths = await locations([asc('LocationPath')]);
      const pathOf = new Map(locationIds().map((location, index) => [location, (['root', 'alpha', 'beta', 'gamma', 'gamma', 'delta', 'epsilon'] as const)[index]]));
      expect(paths).toHaveLength(7);
      expect(paths.slice(0, 3)).toEqual([root, alpha, gammaBelowAlpha]);
      expect(pathOf.get(paths[6] ?? -1)).toBe('epsilon');
    });

    it('evaluates location criteria against the hit location', async () => {
      const [root, alpha, beta, gamma, gammaBelowAlpha, delta, epsilon] = locationIds();
      expect(await locations([], { type: 'LocationDepth', operator: 'GT', values: [3] })).toEqual([gammaBelowAlpha, epsilon]);
      expect(await locations([], { type: 'LocationDepth', operator: 'IN', values: [2] })).toEqual([root]);
      expect(await locations([], { type: 'LocationPriority', operator: 'LT', values: [0] })).toEqual([gamma]);
      expect(await locations([], { type: 'LocationPriority', operator: 'BETWEEN', values: [1, 5] })).toEqual([beta, delta]);
      expect(await locations([], { type: 'IsMainLocation', value: false })).toEqual([gammaBelowAlpha]);
      expect(await locations([], { type: 'Visibility', value: 'HIDDEN' })).toEqual([beta]);
      expect(await locations([], { type: 'ParentLocationId', values: [alpha ?? -1] })).toEqual([gammaBelowAlpha]);
      expect(await locations([], { type: 'LocationId', values: [gamma ?? -1] })).toEqual([gamma]);
      expect(await locations([], { type: 'ContentId', values: [id('gamma')] })).toEqual([gamma, gammaBelowAlpha]);
      expect(await locations([], { type: 'IsBookmarked', userId: 14, value: true })).toEqual([]);
      expect(await locations([], { type: 'IsBookmarked', userId: 14, value: false })).toHaveLength(7);
      expect(await locations([], { type: 'LogicalNot', criterion: { type: 'Subtree', values: [scenario().items.alpha.pathStrings[0] ?? ''] } })).toEqual([
        root, beta, gamma, delta, epsilon,
      ]);
    });
  });
}
