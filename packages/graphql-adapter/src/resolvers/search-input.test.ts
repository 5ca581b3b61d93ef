import { describe, expect, it } from '@jest/globals';
import { parseDateInput, queryCriteria, sortClauses } from './search-input.js';

describe('ContentSearchQuery and sortBy', () => {
  it('turns each query field into its criterion', () => {
    expect(
      queryCriteria({
        ContentTypeIdentifier: ['folder'],
        Text: 'hello',
        ParentLocationId: [2, 43],
        Created: { after: '2024-01-01' },
        Modified: { before: '@1700000000', on: '1700000000' },
        Field: [{ target: 'title', eq: 'x', like: 'y*' }, { target: 'count', between: ['1', '5'] }],
      }),
    ).toEqual([
      { type: 'ContentTypeIdentifier', values: ['folder'] },
      { type: 'FullText', value: 'hello' },
      { type: 'ParentLocationId', values: [2, 43] },
      { type: 'DateMetadata', target: 'created', operator: 'GTE', values: [1_704_067_200] },
      { type: 'DateMetadata', target: 'modified', operator: 'LTE', values: [1_700_000_000] },
      { type: 'DateMetadata', target: 'modified', operator: 'EQ', values: [1_700_000_000] },
      { type: 'Field', target: 'title', operator: 'LIKE', values: ['y*'] },
      { type: 'Field', target: 'count', operator: 'BETWEEN', values: ['1', '5'] },
    ]);
  });

  it('refuses a Field criterion without operator', () => {
    expect(() => queryCriteria({ Field: [{ target: 'title' }] })).toThrow("Unspecified operator for the Field criterion on 'title'");
  });

  it('reads relative and named dates like strtotime', () => {
    const now = new Date(Date.UTC(2024, 4, 10, 12, 0, 0));
    const midnight = Date.UTC(2024, 4, 10) / 1000;
    expect(parseDateInput('now', now)).toBe(now.getTime() / 1000);
    expect(parseDateInput('today', now)).toBe(midnight);
    expect(parseDateInput('yesterday', now)).toBe(midnight - 86_400);
    expect(parseDateInput('-2 days', now)).toBe(now.getTime() / 1000 - 172_800);
    expect(parseDateInput('3 hours ago', now)).toBe(now.getTime() / 1000 - 10_800);
    expect(parseDateInput('2024-05-01T10:00:00Z', now)).toBe(Date.UTC(2024, 4, 1, 10) / 1000);
    expect(() => parseDateInput('not a date', now)).toThrow("Invalid date 'not a date'");
  });

  it('flips the preceding clause with _desc and ignores a leading _desc', () => {
    expect(sortClauses(['_desc', '_datePublished', '_desc', '_name'])).toEqual([
      { type: 'DatePublished', direction: 'descending' },
      { type: 'ContentName', direction: 'ascending' },
    ]);
    expect(sortClauses(['_priority', '_path'])).toEqual([
      { type: 'LocationPriority', direction: 'ascending' },
      { type: 'LocationPath', direction: 'ascending' },
    ]);
    expect(() => sortClauses(['_isMainLocation'])).toThrow('Sorting by _isMainLocation is not supported');
  });
});
