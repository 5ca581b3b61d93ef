import { expect, it, jest } from '@jest/globals';
import { builtInFieldTypes, type Criterion, groupBySearchFamily, type ResolvedQuery } from '@contentrepo/core';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';
import { compiledSearch } from './search-statements.js';

const preparation = { fullTextWords: new Map<string, readonly number[]>(), fieldTypes: groupBySearchFamily(builtInFieldTypes) };
const fieldTargetTypes = new Map([['title', { text: ['ezstring'] }]]);
const byTitle = (operator: 'CONTAINS' | 'LIKE', value: string): ResolvedQuery => {
  const criterion: Criterion = { type: 'LogicalAnd', criteria: [{ type: 'ContentTypeId', values: [1] }, { type: 'Field', target: 'title', operator, values: [value] }] };
  return { criterion, sortClauses: [], offset: 0, limit: 25, languageFilter: {}, fieldTargetTypes };
};

describeOnEachDialect(
  'compiled search statements',
  (store) => {
    it('plan a search once per SQL text: a new searched value reuses the plan, a new wildcard pattern does not', async () => {
      const ctx = await store().rawContext();
      const rawRows = jest.spyOn(ctx, 'rawRows');
      const plans = (): number => rawRows.mock.calls.filter(([sql]) => sql.startsWith('EXPLAIN QUERY PLAN')).length;
      const first = await compiledSearch(ctx, 'content', byTitle('CONTAINS', 'first word'), preparation);
      expect(plans()).toBe(1);
      const second = await compiledSearch(ctx, 'content', byTitle('CONTAINS', 'other word'), preparation);
      expect(plans()).toBe(1);
      expect(second.page?.sql).toBe(first.page?.sql);
      expect(second.counted).toBe(first.counted);
      expect(second.page?.bindings).not.toEqual(first.page?.bindings);
      // A GLOB pattern's literal prefix may change the plan: each pattern is planned.
      await compiledSearch(ctx, 'content', byTitle('LIKE', 'first*'), preparation);
      await compiledSearch(ctx, 'content', byTitle('LIKE', 'other*'), preparation);
      expect(plans()).toBe(3);
    });
  },
  { only: 'SQLite' },
);
