import { expect, it } from '@jest/globals';
import type { SqlValue } from '../db/sql-session.js';
import type { Statement } from '../db/statement.js';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';
import * as content from './content/sql-content-queries.js';
import * as versions from './content/sql-content-version-statements.js';
import { INDEX_STATE, STORED_FIELDS } from '../search/search-indexer.js';
import { ITEM_WORDS } from '../search/word-index.js';
import * as locations from './location/sql-location-queries.js';

/** The precompiled statements of the hot paths with sample parameters. */
const HOT: readonly (readonly [string, Statement, readonly SqlValue[]])[] = [
  ['content info by id', content.CONTENT_INFO_BY_ID, [1]],
  ['content info by remote id', content.CONTENT_INFO_BY_REMOTE_ID, ['x']],
  ['content infos by ids', content.CONTENT_INFO_BY_IDS.of(3), [1, 2, 3]],
  ['head of a version', content.HEAD_OF_VERSION, [1, 1]],
  ['head of the current version', content.HEAD_OF_CURRENT, [1]],
  ['heads of current versions', content.HEADS_OF_CURRENT.of(2), [1, 2]],
  ['versions', content.VERSIONS_OF_CONTENT, [1]],
  ['names of a version', content.NAMES_OF_VERSION, [1, 1]],
  ['fields of a version', content.FIELDS_OF_VERSION, [1, 1]],
  ['fields of versions', content.FIELDS_OF_VERSIONS.of(2), [1, 1, 2, 1]],
  ['relations', content.RELATIONS_OF_VERSION, [1, 1]],
  ['relations of versions', content.RELATIONS_OF_VERSIONS.of(2), [1, 1, 2, 1]],
  ['reverse relations', content.REVERSE_RELATIONS, [1]],
  ['page of reverse relations', content.REVERSE_RELATIONS_PAGE, [1, 10, 0]],
  ['count of reverse relations', content.COUNT_REVERSE_RELATIONS, [1]],
  ['pending locations', content.PENDING_LOCATIONS, [1]],
  ['field positions', content.FIELD_POSITIONS.of(2), [4, 5]],
  ['new draft version', versions.INSERT_DRAFT_VERSION, [1, 14, 0, 0, 'eng-GB', 1, 1]],
  ['copied names', versions.COPY_NAMES, [9, 1, 1]],
  ['copied fields', versions.COPY_FIELDS, [9, 1, 1]],
  ['replaced fields', versions.DELETE_FIELDS_BY_KEY.of(2), [1, 1, 1, 'eng-GB', 2, 'eng-GB']],
  ['published version', versions.PUBLISH_VERSION, [1, 1, 0, 1, 1]],
  ['published content', versions.PUBLISH_CONTENT, [1, 'x', 'x', 0, 0, 1]],
  ['location by id', locations.LOCATION_BY_ID, [2]],
  ['locations by ids', locations.LOCATIONS_BY_IDS.of(2), [1, 2]],
  ['locations of content', locations.LOCATIONS_OF_CONTENT, [1]],
  ['child counts', locations.CHILD_COUNTS.of(2), [1, 2]],
  ['new location', locations.INSERT_LOCATION, [1, 0, false, false, 1, 'x', 1, 1, 2]],
  ['path string', locations.SET_PATH_STRING, [2]],
  ['search index state', INDEX_STATE, [1]],
  ['indexed fields of an item', STORED_FIELDS, [1]],
  ['indexed words of an item', ITEM_WORDS, [1]],
];

describeOnEachDialect(
  'query plans of the hot statements',
  (store) => {
    it.each(HOT)('%s: every table is searched through an index, none scanned', async (_name, statement, params) => {
      const ctx = await store().rawContext();
      const rows = await ctx.rawRows(`EXPLAIN QUERY PLAN ${statement.text('sqlite')}`, params);
      const plan = rows.map((row) => row.str('detail'));
      expect(plan.filter((step) => /^SCAN /.test(step))).toEqual([]);
      expect(plan.some((step) => /^SEARCH /.test(step))).toBe(true);
    });
  },
  { only: 'SQLite' },
);
