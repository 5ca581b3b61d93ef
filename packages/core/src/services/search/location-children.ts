import type { SortField, SortOrder } from '../../api/values/common.js';
import type { Criterion } from '../../domain/criteria/criterion.js';
import type { SortClause } from '../../domain/criteria/sort-clause.js';
import type { IdSearchResult } from '../../spi/search-handler.js';
import type { ServiceContext } from '../service-context.js';

const SORT_CLAUSE_OF: Readonly<Record<SortField, Exclude<SortClause['type'], 'Field'>>> = {
  PATH: 'LocationPath',
  PUBLISHED: 'DatePublished',
  MODIFIED: 'DateModified',
  SECTION: 'SectionIdentifier',
  DEPTH: 'LocationDepth',
  CLASS_IDENTIFIER: 'ContentTypeIdentifier',
  CLASS_NAME: 'ContentTypeName',
  PRIORITY: 'LocationPriority',
  NAME: 'ContentName',
  MODIFIED_SUBNODE: 'DateModified',
  NODE_ID: 'LocationId',
  CONTENTOBJECT_ID: 'ContentId',
};

/** The sort clause a location's sortField/sortOrder stands for (Ibexa `Location::getSortClauses`). */
export function locationSortClause(sortField: SortField, sortOrder: SortOrder): SortClause {
  return { type: SORT_CLAUSE_OF[sortField], direction: sortOrder === 'ASC' ? 'ascending' : 'descending' };
}

/**
 * Ids of a page of readable children of a location, ordered by the parent's sort settings, via a location search
 * with the user's `content/read` criterion ANDed in (Ibexa `loadLocationChildren`, filtered as Ibexa filters searches).
 */
export async function findChildLocationIds(
  context: ServiceContext,
  parent: { readonly id: number; readonly sortField: SortField; readonly sortOrder: SortOrder },
  offset: number,
  limit: number,
): Promise<IdSearchResult> {
  const readable = await context.guard.criterion('content', 'read');
  const byParent: Criterion = { type: 'ParentLocationId', values: [parent.id] };
  return context.persistence.searchHandler.findLocations({
    criterion: readable ? { type: 'LogicalAnd', criteria: [byParent, readable] } : byParent,
    sortClauses: [locationSortClause(parent.sortField, parent.sortOrder)],
    offset,
    limit,
    languageFilter: {},
  });
}
