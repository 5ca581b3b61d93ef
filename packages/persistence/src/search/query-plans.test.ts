import { expect, it } from '@jest/globals';
import type { Criterion, SortClause } from '@contentrepo/core';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';
import { buildSearch } from './search-query.js';

const isBinding = (value: unknown): value is string | number | boolean | null =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

const field = (target: string, operator: 'EQ' | 'BETWEEN' | 'LT', ...values: (string | number)[]): Criterion => ({ type: 'Field', target, operator, values });

/**
 * The common criteria run on their indexes (issue #3: content type, parent location, subtree, section, field
 * equality and ranges, dates, full text, states): SQLite's plans of the search statements, which do not depend on
 * the data size without statistics (the same plans were checked on 100,000 items, see the README).
 */
describeOnEachDialect(
  'search query plans',
  (store) => {
    const plan = async (criterion: Criterion, target: 'content' | 'location' = 'content', sortClauses: SortClause[] = []): Promise<string> => {
      const ctx = await store().rawContext();
      const query = { criterion, sortClauses, offset: 0, limit: 25, languageFilter: {} };
      const { page, count } = buildSearch(ctx.kx, ctx.dialect, target, query);
      const plans: string[] = [];
      for (const statement of [count, page]) {
        if (!statement) continue;
        const { sql, bindings } = statement.toSQL();
        const rows = await ctx.rawRows(`EXPLAIN QUERY PLAN ${sql}`, bindings.filter(isBinding));
        plans.push(rows.map((row) => row.str('detail')).join('\n'));
      }
      return plans.join('\n');
    };

    it('run tree and key criteria on their indexes (path ranges, parent, remote id)', async () => {
      const pathRange = /location_path_string_index \(path_string>\? AND path_string<\?\)/;
      expect(await plan({ type: 'Subtree', values: ['/1/2/'] }, 'location')).toMatch(pathRange);
      expect(await plan({ type: 'Subtree', values: ['/1/2/'] })).toMatch(pathRange);
      expect(await plan({ type: 'ParentLocationId', values: [2] }, 'location')).toMatch(/location_parent_id_priority_index \(parent_id=\?\)/);
      expect(await plan({ type: 'ContentRemoteId', values: ['content-1'] })).toMatch(/content_remote_id_unique \(remote_id=\?\)/);
    });

    it('run metadata criteria on the content indexes', async () => {
      expect(await plan({ type: 'ContentTypeId', values: [1] })).toMatch(/content_content_type_id_index \(content_type_id=\?/);
      expect(await plan({ type: 'SectionId', values: [1] })).toMatch(/content_section_id_index \(section_id=\?/);
      expect(await plan({ type: 'DateMetadata', target: 'modified', operator: 'GT', values: [1] })).toMatch(/content_modified_index \(modified>\?\)/);
      expect(await plan({ type: 'DateMetadata', target: 'published', operator: 'BETWEEN', values: [1, 2] })).toMatch(/content_published_index \(published>\? AND published<\?\)/);
      expect(await plan({ type: 'ObjectStateId', values: [1] })).toMatch(/content_object_state_state_id_index \(state_id=\?\)/);
      expect(await plan({ type: 'ContentName', value: 'alp*' })).toMatch(/search_name_name_index \(name>\? AND name<\?\)/);
    });

    it('run Field criteria on the covering key indexes of search_field and search_field_element', async () => {
      const range = await plan(field('rating', 'BETWEEN', 1, 5));
      expect(range).toMatch(/COVERING INDEX search_field_field_def_identifier_sort_key_int_index \(field_def_identifier=\? AND sort_key_int>\? AND sort_key_int<\?\)/);
      expect(await plan(field('rating', 'LT', 5))).toMatch(/search_field_field_def_identifier_sort_key_int_index \(field_def_identifier=\? AND sort_key_int>\? AND sort_key_int<\?\)/);
      const equal = await plan(field('title', 'EQ', 'x'));
      expect(equal).toMatch(/search_field_field_def_identifier_sort_key_string_index \(field_def_identifier=\? AND sort_key_string=\?/);
      expect(equal).toMatch(/search_field_element_field_def_identifier_value_string_index \(field_def_identifier=\? AND value_string=\?\)/);
      expect(await plan({ type: 'IsFieldEmpty', target: 'title', value: true })).not.toMatch(/SCAN sf/);
    });

    it('run FullText on the word index: dictionary lookups and ranges, postings by word', async () => {
      const exact = await plan({ type: 'FullText', value: 'word' });
      expect(exact).toMatch(/search_word_word_unique \(word=\?\)/);
      expect(exact).toMatch(/SEARCH wl USING PRIMARY KEY \(word_id=\?\)/);
      expect(exact).toMatch(/SCAN nc USING COVERING INDEX content_published_items_index/);
      expect(await plan({ type: 'FullText', value: 'wor*' })).toMatch(/search_word_word_unique \(word>\? AND word<\?\)/);
      expect(await plan({ type: 'FullText', value: '*ord' })).toMatch(/search_word_reversed_index \(reversed>\? AND reversed<\?\)/);
    });

    it('sort by a field through the primary key of search_field', async () => {
      const sorted = await plan({ type: 'ParentLocationId', values: [2] }, 'content', [
        { type: 'Field', contentTypeIdentifier: 'folder', fieldDefinitionIdentifier: 'name', direction: 'ascending' },
      ]);
      expect(sorted).toMatch(/SEARCH sj0 USING INDEX sqlite_autoindex_search_field_1 \(content_id=\?/);
    });
  },
  { only: 'SQLite' },
);
