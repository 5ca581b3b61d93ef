import { describe, expect, it } from '@jest/globals';
import { floatSortKey } from '../ezfloat/index.js';
import { NO_SEARCH_DATA } from '../shared/search.js';
import { searchFamilyProblems } from './search-family-check.js';

describe('search family check of index data', () => {
  it('accepts data of the shape each family compares', () => {
    expect(searchFamilyProblems('integer', { ...NO_SEARCH_DATA, sortKeyInt: 3, fullText: '3' })).toEqual([]);
    expect(searchFamilyProblems('float', { ...NO_SEARCH_DATA, sortKeyString: floatSortKey(-2.5) })).toEqual([]);
    expect(searchFamilyProblems('text', { ...NO_SEARCH_DATA, sortKeyString: 'abc' })).toEqual([]);
    expect(searchFamilyProblems('simpleText', NO_SEARCH_DATA)).toEqual([]);
    expect(searchFamilyProblems('collection', { ...NO_SEARCH_DATA, sortKeyString: 'a,b', elements: ['a', 'b'] })).toEqual([]);
  });

  it('reports data that another family would compare', () => {
    expect(searchFamilyProblems('collection', { ...NO_SEARCH_DATA, sortKeyString: 'a,b' })).toEqual(['a collection type gives elements (possibly none)']);
    expect(searchFamilyProblems('text', { ...NO_SEARCH_DATA, elements: [] })).toEqual(['elements are only compared for collection types, not text']);
    expect(searchFamilyProblems('integer', { ...NO_SEARCH_DATA, sortKeyString: '3' })).toEqual(['an integer type keys its values by sortKeyInt only']);
    expect(searchFamilyProblems('float', { ...NO_SEARCH_DATA, sortKeyString: '2.5' })).toEqual(['a float sort key is floatSortKey of the value']);
    expect(searchFamilyProblems('simpleText', { ...NO_SEARCH_DATA, sortKeyInt: 1 })).toEqual(['a simpleText type keys its values by sortKeyString only']);
  });
});
