import { expect, it } from '@jest/globals';
import type { Criterion } from '@contentrepo/core';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';
import { buildSearch } from './search-query.js';

const isBinding = (value: unknown): value is string | number | boolean | null =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

describeOnEachDialect(
  'search query plans',
  (store) => {
    it('run tree and key criteria on their indexes (path ranges, parent, remote id)', async () => {
      const ctx = await store().rawContext();
      const plan = async (criterion: Criterion, target: 'content' | 'location'): Promise<string> => {
        const query = { criterion, sortClauses: [], offset: 0, limit: 25, languageFilter: {} };
        const { page } = buildSearch(ctx.kx, ctx.dialect, target, query);
        if (!page) throw new Error('no page statement');
        const { sql, bindings } = page.toSQL();
        const rows = await ctx.rawRows(`EXPLAIN QUERY PLAN ${sql}`, bindings.filter(isBinding));
        return rows.map((row) => row.str('detail')).join('\n');
      };
      const pathRange = /location_path_string_index \(path_string>\? AND path_string<\?\)/;
      expect(await plan({ type: 'Subtree', values: ['/1/2/'] }, 'location')).toMatch(pathRange);
      expect(await plan({ type: 'Subtree', values: ['/1/2/'] }, 'content')).toMatch(pathRange);
      expect(await plan({ type: 'ParentLocationId', values: [2] }, 'location')).toMatch(
        /location_parent_id_priority_index \(parent_id=\?\)/,
      );
      expect(await plan({ type: 'ContentRemoteId', values: ['content-1'] }, 'content')).toMatch(
        /content_remote_id_unique \(remote_id=\?\)/,
      );
    });
  },
  { only: 'SQLite' },
);
