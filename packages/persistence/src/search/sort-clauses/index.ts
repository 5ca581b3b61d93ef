import type { RegisteredSortClauseHandler } from '../sort-clause-handler.js';
import { contentIdSort, contentNameSort, dateModifiedSort, datePublishedSort } from './content-columns.js';
import { contentTypeIdentifierSort, contentTypeNameSort } from './content-type.js';
import { locationDepthSort, locationIdSort, locationPathSort, locationPrioritySort } from './location-columns.js';
import { scoreSort } from './score.js';
import { sectionIdentifierSort, sectionNameSort } from './section.js';

/**
 * Every sort clause the SQL engine translates. `Field` has no handler yet (issue #3: it orders by the
 * `search_field` sort keys) and fails with NotImplementedError.
 */
export const SORT_CLAUSE_HANDLERS: readonly RegisteredSortClauseHandler[] = [
  contentIdSort,
  contentNameSort,
  dateModifiedSort,
  datePublishedSort,
  sectionIdentifierSort,
  sectionNameSort,
  contentTypeIdentifierSort,
  contentTypeNameSort,
  locationDepthSort,
  locationPathSort,
  locationPrioritySort,
  locationIdSort,
  scoreSort,
];
