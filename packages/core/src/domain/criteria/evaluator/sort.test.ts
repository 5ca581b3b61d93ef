import { describe, expect, it } from '@jest/globals';
import { evaluationContext, indexedItem, indexEntry } from '../../../testing/contract/search-items.js';
import type { SortClause } from '../sort-clause.js';
import { compareStrings, sortHits } from './sort.js';

const ids = (items: ReturnType<typeof indexedItem>[], clauses: SortClause[]): number[] =>
  sortHits(
    items.map((item) => ({ item, location: null })),
    clauses,
    evaluationContext(items),
  ).map((hit) => hit.item.contentInfo.id);

describe('reference evaluator: sort clauses', () => {
  it('compares strings by code point', () => {
    expect(compareStrings('B', 'a')).toBeLessThan(0);
    expect(compareStrings('é', 'z')).toBeGreaterThan(0);
    expect(compareStrings('\u{1F600}', '\uFFFF')).toBeGreaterThan(0);
    expect(compareStrings('ab', 'a')).toBeGreaterThan(0);
  });

  it('breaks ties by id and puts missing keys first ascending, last descending', () => {
    const a = indexedItem({ id: 3, contentInfo: { publishedDate: null } });
    const b = indexedItem({ id: 1 });
    const c = indexedItem({ id: 2 });
    expect(ids([a, b, c], [])).toEqual([1, 2, 3]);
    expect(ids([a, b, c], [{ type: 'DatePublished', direction: 'ascending' }])).toEqual([3, 1, 2]);
    expect(ids([a, b, c], [{ type: 'DatePublished', direction: 'descending' }])).toEqual([1, 2, 3]);
    expect(ids([a, b, c], [{ type: 'Score', direction: 'descending' }])).toEqual([1, 2, 3]);
  });

  it('orders by the lower-cased main name', () => {
    const items = [indexedItem({ id: 1, contentInfo: { name: 'beta' } }), indexedItem({ id: 2, contentInfo: { name: 'Alpha' } })];
    expect(ids(items, [{ type: 'ContentName', direction: 'ascending' }])).toEqual([2, 1]);
  });

  it('orders by a field of one content type: sortKeyInt then sortKeyString, other types first ascending', () => {
    const field = (id: number, type: string, sortKeyInt: number | null, sortKeyString: string | null) =>
      indexedItem({ id, contentType: { identifier: type }, fields: [indexEntry('rank', { sortKeyInt, sortKeyString })] });
    const items = [field(1, 'article', 5, null), field(2, 'article', 2, null), field(3, 'folder', 1, null), field(4, 'article', null, 'b'), field(5, 'article', null, 'a')];
    const clause = (direction: 'ascending' | 'descending'): SortClause => ({
      type: 'Field', contentTypeIdentifier: 'article', fieldDefinitionIdentifier: 'rank', direction,
    });
    expect(ids(items, [clause('ascending')])).toEqual([3, 5, 4, 2, 1]);
    expect(ids(items, [clause('descending')])).toEqual([1, 2, 4, 5, 3]);
  });
});
