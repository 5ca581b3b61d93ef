import type { RegisteredSortClauseHandler } from '../sort-clause-handler.js';
import { contentIdSort, contentNameSort, dateModifiedSort, datePublishedSort } from './content-columns.js';
import { contentTypeIdentifierSort, contentTypeNameSort } from './content-type.js';
import { fieldSort } from './field.js';
import { locationDepthSort, locationIdSort, locationPathSort, locationPrioritySort } from './location-columns.js';
import { scoreSort } from './score.js';
import { sectionIdentifierSort, sectionNameSort } from './section.js';

/** Every sort clause the SQL engine translates (search-auth-errors-data.md A.6), one handler each. */
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
  fieldSort,
];
