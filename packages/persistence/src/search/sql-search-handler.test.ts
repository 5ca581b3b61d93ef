import { expect, it } from '@jest/globals';
import type { Criterion, ResolvedQuery, SortClause } from '@contentrepo/core';
import { publishFolder } from '../test-support/builders.js';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';

const query = (criterion: Criterion, sortClauses: SortClause[] = [], offset = 0, limit = 50): ResolvedQuery => ({
  criterion,
  sortClauses,
  offset,
  limit,
  languageFilter: {},
});

describeOnEachDialect('SqlSearchHandler', (store) => {
  it('returns published items once each and locations once each, never the root', async () => {
    const { searchHandler } = store().persistence;
    expect(await searchHandler.findContent(query({ type: 'MatchAll' }))).toEqual({ totalCount: 6, ids: [1, 4, 12, 14, 19, 20] });
    expect(await searchHandler.findLocations(query({ type: 'MatchAll' }))).toEqual({ totalCount: 6, ids: [2, 5, 13, 15, 20, 21] });
    expect(await searchHandler.findLocations(query({ type: 'LocationId', values: [1] }))).toEqual({ totalCount: 0, ids: [] });
  });

  it('matches a subtree by path prefix without confusing /1/2/ and /1/20/', async () => {
    const { searchHandler } = store().persistence;
    expect((await searchHandler.findContent(query({ type: 'Subtree', values: ['/1/2/'] }))).ids).toEqual([1, 20]);
    expect((await searchHandler.findContent(query({ type: 'Subtree', values: ['/1/20/'] }))).ids).toEqual([19]);
    expect((await searchHandler.findContent(query({ type: 'Subtree', values: ['/1/2'] }))).ids).toEqual([1, 19, 20]);
    expect((await searchHandler.findLocations(query({ type: 'Subtree', values: ['/1/5/', '/1/20/'] }))).ids).toEqual([5, 13, 15, 20]);
  });

  it('applies the user group criterion through the owner location', async () => {
    const { searchHandler } = store().persistence;
    const ownedByGroup12 = await searchHandler.findContent(query({ type: 'UserMetadata', target: 'group', values: [12] }));
    expect(ownedByGroup12.totalCount).toBe(6);
    expect((await searchHandler.findContent(query({ type: 'UserMetadata', target: 'group', values: [14] }))).ids).toEqual([]);
  });

  it('sorts with the deterministic tie-break and pages with an exact total', async () => {
    const { persistence } = store();
    const parent = await publishFolder(persistence, 'Sorted', 20);
    const names = ['b', 'A', 'c', 'B'];
    const ids: number[] = [];
    for (const name of names) ids.push((await publishFolder(persistence, name, parent.locationId)).locationId);
    const children = (sortClauses: SortClause[], offset = 0, limit = 50) =>
      persistence.searchHandler.findLocations(query({ type: 'ParentLocationId', values: [parent.locationId] }, sortClauses, offset, limit));
    const [b, a, c, bUpper] = ids;
    expect((await children([{ type: 'ContentName', direction: 'ascending' }])).ids).toEqual([a, b, bUpper, c]);
    expect((await children([{ type: 'ContentName', direction: 'descending' }])).ids).toEqual([c, b, bUpper, a]);
    expect(await children([{ type: 'LocationPath', direction: 'descending' }], 1, 2)).toEqual({ totalCount: 4, ids: [c, a] });
    expect(await children([], 0, 0)).toEqual({ totalCount: 4, ids: [] });
    expect(await children([], 10, 5)).toEqual({ totalCount: 4, ids: [] });
    expect((await children([{ type: 'Score', direction: 'descending' }], 0, Number.MAX_SAFE_INTEGER)).ids).toEqual(ids);
  });

  it('reports its capabilities: full text and image criteria, no scoring', () => {
    const { searchHandler } = store().persistence;
    expect(searchHandler.supports('fullText')).toBe(true);
    expect(searchHandler.supports('imageCriteria')).toBe(true);
    expect(searchHandler.supports('scoring')).toBe(false);
  });
});
