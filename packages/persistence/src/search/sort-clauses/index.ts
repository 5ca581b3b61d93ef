import type { RegisteredSortClauseHandler } from '../sort-clause-handler.js';
import { contentIdSort, contentNameSort, dateModifiedSort, datePublishedSort } from './content-column-sorts.js';
import { contentTypeIdentifierSort, contentTypeNameSort } from './content-type-sorts.js';
import { fieldSort } from './field-sort.js';
import { locationDepthSort, locationIdSort, locationPathSort, locationPrioritySort } from './location-column-sorts.js';
import { scoreSort } from './score-sort.js';
import { sectionIdentifierSort, sectionNameSort } from './section-sorts.js';

/** Every sort clause the SQL engine translates, one handler each. */
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
