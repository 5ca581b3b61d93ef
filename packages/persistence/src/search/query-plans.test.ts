import { expect, it } from '@jest/globals';
import { builtInFieldTypes, type Criterion, type FieldTypesByFamily, groupBySearchFamily, type SortClause } from '@contentrepo/core';
import { CONTENT_INFO_BY_REMOTE_ID } from '../handlers/content/sql-content-queries.js';
import { LOCATION_BY_REMOTE_ID } from '../handlers/location/sql-location-queries.js';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';
import { dictionaryQuery, PUBLISHED_ITEMS_UP_TO } from './full-text-words.js';
import { buildSearch, type SearchPreparation } from './search-query.js';
import { paysForWholeMatch } from './search-statements.js';

const isBinding = (value: unknown): value is string | number | boolean | null =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

const field = (target: string, operator: 'EQ' | 'BETWEEN' | 'LT', ...values: (string | number)[]): Criterion => ({ type: 'Field', target, operator, values });

/**
 * The common criteria run on their indexes (content type, parent location, subtree, section, field
 * equality and ranges, dates, full text, states): SQLite's plans of the search statements, which do not depend on
 * the data size without statistics (the same plans were checked on 100,000 items, see the README).
 */
describeOnEachDialect(
  'search query plans',
  (store) => {
    const explain = async (sql: string, bindings: readonly unknown[]): Promise<string[]> => {
      const ctx = await store().rawContext();
      const rows = await ctx.rawRows(`EXPLAIN QUERY PLAN ${sql}`, bindings.filter(isBinding));
      return rows.map((row) => row.str('detail'));
    };
    const fieldTypes = groupBySearchFamily(builtInFieldTypes);
    const noWords: SearchPreparation = { fullTextWords: new Map(), fieldTypes };
    const plan = async (
      criterion: Criterion,
      target: 'content' | 'location' = 'content',
      sortClauses: SortClause[] = [],
      options: { readonly preparation?: SearchPreparation; readonly fieldTargetTypes?: ReadonlyMap<string, FieldTypesByFamily> } = {},
    ): Promise<string> => {
      const ctx = await store().rawContext();
      const query = { criterion, sortClauses, offset: 0, limit: 25, languageFilter: {}, ...(options.fieldTargetTypes ? { fieldTargetTypes: options.fieldTargetTypes } : {}) };
      const { page, count } = buildSearch(ctx.kx, ctx.dialect, target, query, options.preparation ?? noWords);
      const plans: string[] = [];
      for (const statement of [count, page]) {
        if (!statement) continue;
        const { sql, bindings } = statement.toSQL();
        plans.push((await explain(sql, bindings)).join('\n'));
      }
      return plans.join('\n');
    };

    it('run tree and key criteria on their indexes (path ranges, parent, remote id)', async () => {
      const pathRange = /location_path_string_index \(path_string>\? AND path_string<\?\)/;
      expect(await plan({ type: 'Subtree', values: ['/1/2/'] }, 'location')).toMatch(pathRange);
      expect(await plan({ type: 'Subtree', values: ['/1/2/'] })).toMatch(pathRange);
      expect(await plan({ type: 'ParentLocationId', values: [2] }, 'location')).toMatch(/location_parent_id_priority_index \(parent_id=\?\)/);
      expect(await plan({ type: 'ContentRemoteId', values: ['content-1'] })).toMatch(/content_remote_id_lower_unique \(<expr>=\?\)/);
      expect(await plan({ type: 'LocationRemoteId', values: ['loc-1', 'loc-2'] }, 'location')).toMatch(/location_remote_id_lower_unique \(<expr>=\?\)/);
      // Lookups by remote id (case-insensitive) read the same unique expression indexes.
      expect((await explain(CONTENT_INFO_BY_REMOTE_ID.text('sqlite'), ['abc'])).join('\n')).toMatch(/content_remote_id_lower_unique \(<expr>=\?\)/);
      expect((await explain(LOCATION_BY_REMOTE_ID.text('sqlite'), ['abc'])).join('\n')).toMatch(/location_remote_id_lower_unique \(<expr>=\?\)/);
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

    it('run FullText on the word index: dictionary lookups and ranges, word lists through FTS5, a bounded item count', async () => {
      const dictionary = async (query: string): Promise<string> => {
        const statement = dictionaryQuery('sqlite', query);
        if (!statement) throw new Error(`no dictionary statement for ${query}`);
        return (await explain(statement.sql, statement.bindings)).join('\n');
      };
      const exact = await dictionary('word');
      expect(exact).toMatch(/search_word_word_unique \(word=\?\)/);
      expect(exact).toMatch(/SCAN search_word_list_fts VIRTUAL TABLE INDEX 0:M/);
      expect(await dictionary('wor*')).toMatch(/search_word_word_unique \(word>\? AND word<\?\)/);
      expect(await dictionary('*ord')).toMatch(/search_word_reversed_index \(reversed>\? AND reversed<\?\)/);
      expect((await explain(PUBLISHED_ITEMS_UP_TO, [10])).join('\n')).toMatch(/SCAN content USING COVERING INDEX content_published_items_index/);
      const postings = await plan({ type: 'FullText', value: 'word' }, 'content', [], { preparation: { fullTextWords: new Map([['word', [1, 2]]]), fieldTypes } });
      expect(postings).toMatch(/SCAN search_word_list_fts VIRTUAL TABLE INDEX 0:M/);
      // Without languages the item is the FTS5 rowid shifted: the word lists themselves are not read.
      expect(postings).not.toMatch(/\bwl\b/);
      expect(postings).not.toMatch(/search_word /);
    });

    it('search only the families of the field types a Field target has, and probe the item under a NOT', async () => {
      const rating = field('rating', 'BETWEEN', 1, 5);
      const known = await plan(rating, 'content', [], { fieldTargetTypes: new Map([['rating', { integer: ['ezinteger'] }]]) });
      expect(known).toMatch(/search_field_field_def_identifier_sort_key_int_index/);
      expect(known).not.toMatch(/sort_key_string|search_field_element/);
      const probe = (alias: string, table: string): RegExp =>
        new RegExp(`CORRELATED SCALAR SUBQUERY \\d+\\n\\s*SEARCH ${alias} USING COVERING INDEX ${table}_content_id_field_def_identifier_index \\(content_id=\\? AND field_def_identifier=\\? AND language_code=\\?`);
      const tags = new Map([['tags', { collection: ['ezkeyword'] }]]);
      expect(await plan({ type: 'LogicalNot', criterion: field('tags', 'LT', 'm') }, 'content', [], { fieldTargetTypes: tags })).toMatch(probe('se', 'search_field_element'));
      expect(await plan({ type: 'LogicalNot', criterion: field('tags', 'EQ', 7) }, 'content', [], { fieldTargetTypes: tags })).toMatch(probe('se', 'search_field_element'));
      const notRating = await plan({ type: 'LogicalNot', criterion: field('rating', 'LT', 5) }, 'content', [], { fieldTargetTypes: new Map([['rating', { integer: ['ezinteger'] }]]) });
      expect(notRating).toMatch(probe('sf', 'search_field'));
      const title = new Map([['title', { text: ['ezstring'] }]]);
      expect(await plan({ type: 'LogicalNot', criterion: field('title', 'LT', 'm') }, 'content', [], { fieldTargetTypes: title })).toMatch(probe('sf', 'search_field'));
      expect(await plan({ type: 'LogicalNot', criterion: field('title', 'EQ', 'm') }, 'content', [], { fieldTargetTypes: title })).toMatch(probe('sf', 'search_field'));
      const empty = await plan({ type: 'LogicalNot', criterion: { type: 'IsFieldEmpty', target: 'title', value: true } });
      expect(empty).toMatch(/SEARCH sf USING COVERING INDEX search_field_content_id_field_def_identifier_index \(content_id=\? AND field_def_identifier=\? AND language_code=\?/);
    });

    it('prefilter a location criterion by the Field criteria ANDed with it, which then probe the item', async () => {
      const types = { fieldTargetTypes: new Map([['rating', { integer: ['ezinteger'] }]]) };
      const subtree: Criterion = { type: 'Subtree', values: ['/1/2/'] };
      const probe = /CORRELATED SCALAR SUBQUERY \d+\nSEARCH sf USING COVERING INDEX search_field_content_id_field_def_identifier_index \(content_id=\? AND field_def_identifier=\? AND language_code=\?/;
      // The subtree's locations walk the path index and keep the items of the range's entries (no row-value list).
      const ranged = await plan({ type: 'LogicalAnd', criteria: [subtree, field('rating', 'BETWEEN', 1, 5)] }, 'content', [], types);
      expect(ranged).toMatch(/SEARCH ml USING COVERING INDEX location_path_string_index \(path_string>\? AND path_string<\?\)/);
      expect(ranged).toMatch(/SEARCH sf USING COVERING INDEX search_field_field_def_identifier_sort_key_int_index \(field_def_identifier=\? AND sort_key_int>\? AND sort_key_int<\?\)/);
      expect(ranged).toMatch(probe);
      expect(ranged).not.toMatch(/location_content_id_index/);
      // Nested ANDs are one conjunction; an OR of Field criteria prefilters with its lists together.
      const nested = await plan(
        {
          type: 'LogicalAnd',
          criteria: [
            { type: 'LogicalOr', criteria: [field('rating', 'LT', 100), field('rating', 'BETWEEN', 900, 999)] },
            { type: 'LogicalAnd', criteria: [subtree, { type: 'ContentTypeId', values: [1] }] },
          ],
        },
        'content',
        [{ type: 'ContentName', direction: 'ascending' }],
        types,
      );
      expect(nested).toMatch(/SEARCH ml USING COVERING INDEX location_path_string_index/);
      expect(nested).toMatch(/UNION ALL\nSEARCH sf USING COVERING INDEX search_field_field_def_identifier_sort_key_int_index/);
      expect(nested).toMatch(probe);
      // Without a location criterion the Field criterion stays a list of its entries (each entry's item looked up by
      // id for its main language), built once: no probe of each item's entries.
      const listed = await plan(field('rating', 'BETWEEN', 1, 5), 'content', [], types);
      expect(listed).not.toMatch(probe);
      expect(listed).toMatch(/LIST SUBQUERY \d+\nSEARCH sf USING COVERING INDEX search_field_field_def_identifier_sort_key_int_index \(field_def_identifier=\? AND sort_key_int>\? AND sort_key_int<\?\)\nCORRELATED SCALAR SUBQUERY \d+\nSEARCH fl USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      expect(listed.match(/LIST SUBQUERY/g)).toHaveLength(2); // one list per statement (count, page)
    });

    it('run location searches on the location table alone unless a criterion or sort clause reads the item', async () => {
      const subtree = await plan({ type: 'Subtree', values: ['/1/2/'] }, 'location', [{ type: 'LocationPath', direction: 'ascending' }]);
      expect(subtree).not.toMatch(/ c /);
      // The path string is unique: the index serves the whole ORDER BY, no sort of ties.
      expect(subtree).not.toMatch(/TEMP B-TREE/);
      expect(await plan({ type: 'ParentLocationId', values: [2] }, 'location', [{ type: 'LocationPriority', direction: 'ascending' }])).not.toMatch(/ c /);
      expect(await plan({ type: 'ContentTypeId', values: [1] }, 'location')).toMatch(/ c /);
      expect(await plan({ type: 'Subtree', values: ['/1/2/'] }, 'location', [{ type: 'ContentName', direction: 'ascending' }])).toMatch(/ c /);
    });

    it('count in the page only when the page pays for the whole match anyway', async () => {
      const pagePlan = async (criterion: Criterion, target: 'content' | 'location', sortClauses: SortClause[]): Promise<string[]> => {
        const ctx = await store().rawContext();
        const { page } = buildSearch(ctx.kx, ctx.dialect, target, { criterion, sortClauses, offset: 0, limit: 25, languageFilter: {} }, noWords);
        if (!page) throw new Error('no page');
        const { sql, bindings } = page.toSQL();
        return explain(sql, bindings);
      };
      const subtree: Criterion = { type: 'Subtree', values: ['/1/2/'] };
      // A sort of the whole match, or a second IN list: the page visits every match before its first row.
      expect(paysForWholeMatch(await pagePlan(subtree, 'content', [{ type: 'ContentName', direction: 'ascending' }]))).toBe(true);
      expect(paysForWholeMatch(await pagePlan({ type: 'LogicalAnd', criteria: [subtree, field('title', 'EQ', 'x')] }, 'content', []))).toBe(true);
      // Listings stop after offset + limit rows: an index in order, or the one list that drives the loop.
      expect(paysForWholeMatch(await pagePlan(subtree, 'location', [{ type: 'LocationPath', direction: 'ascending' }]))).toBe(false);
      expect(paysForWholeMatch(await pagePlan({ type: 'ParentLocationId', values: [2] }, 'content', []))).toBe(false);
    });

    it('run CONTAINS on a text line from the trigram table, and patterns under 3 characters as a substring scan', async () => {
      const title = { fieldTargetTypes: new Map([['title', { text: ['ezstring'] }]]) };
      const contains = (value: string): Criterion => ({
        type: 'LogicalAnd',
        criteria: [{ type: 'ContentTypeId', values: [1] }, { type: 'Field', target: 'title', operator: 'CONTAINS', values: [value] }],
      });
      const word = await plan(contains('kalomi'), 'content', [], title);
      expect(word).toMatch(/SCAN search_field_trigram VIRTUAL TABLE INDEX \d+:M/);
      expect(word).toMatch(/SEARCH sf USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      expect(word).not.toMatch(/search_field_field_def_identifier_sort_key_string_index/);
      const short = await plan(contains('ka'), 'content', [], title);
      expect(short).not.toMatch(/search_field_trigram/);
      expect(short).toMatch(/search_field_field_def_identifier_sort_key_string_index \(field_def_identifier=\?\)/);
      // A target whose types are not all text lines (eztext) is not in the trigram table.
      expect(await plan(contains('kalomi'), 'content', [], { fieldTargetTypes: new Map([['title', { text: ['ezstring', 'eztext'] }]]) })).not.toMatch(
        /search_field_trigram/,
      );
    });

    it('walk the sort index in order for a listing sorted by a field descending, probing each item', async () => {
      const ctx = await store().rawContext();
      const criterion: Criterion = { type: 'LogicalAnd', criteria: [{ type: 'ContentTypeId', values: [1] }, field('category', 'EQ', 'news')] };
      const sortClauses: SortClause[] = [{ type: 'Field', contentTypeIdentifier: 'article', fieldDefinitionIdentifier: 'published_at', direction: 'descending' }];
      const query = { criterion, sortClauses, offset: 0, limit: 25, languageFilter: {}, fieldTargetTypes: new Map([['category', { text: ['ezstring'] }]]) };
      const { walk } = buildSearch(ctx.kx, ctx.dialect, 'content', query, noWords);
      if (!walk) throw new Error('no walk');
      const { sql, bindings } = walk.statement.toSQL();
      const walked = (await explain(sql, bindings)).join('\n');
      expect(walked).toMatch(/SEARCH sk USING COVERING INDEX search_field_field_def_identifier_content_type_id_sort_index \(field_def_identifier=\? AND content_type_id=\?\)/);
      expect(walked).toMatch(/SEARCH c USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      expect(walked).toMatch(/SEARCH sf USING COVERING INDEX search_field_content_id_field_def_identifier_index \(content_id=\?/);
      // Only the last term (the content id of equal keys) is sorted: the walk stops with the page.
      expect(walked).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
      const ascending = buildSearch(ctx.kx, ctx.dialect, 'content', { ...query, sortClauses: [{ ...sortClauses[0]!, direction: 'ascending' as const }] }, noWords);
      expect(ascending.walk).toBeNull();
      const children = buildSearch(ctx.kx, ctx.dialect, 'content', { ...query, criterion: { type: 'ParentLocationId', values: [2] } }, noWords);
      expect(children.walk).toBeNull();
    });

    it('sort by a field through an index of search_field by item', async () => {
      const sorted = await plan({ type: 'ParentLocationId', values: [2] }, 'content', [
        { type: 'Field', contentTypeIdentifier: 'folder', fieldDefinitionIdentifier: 'name', direction: 'ascending' },
      ]);
      expect(sorted).toMatch(/SEARCH sj0 USING (COVERING )?INDEX \w+ \(content_id=\?/);
    });
  },
  { only: 'SQLite' },
);
