import type { Location } from '../../api/values/location.js';
import type { Criterion } from '../../domain/criteria/criterion.js';
import type { ServiceContext } from '../service-context.js';
import { locationSortClause } from '../search/location-children.js';

/** Default page size of group and user lists (Ibexa `loadSubUserGroups`, `loadUsersOfUserGroup`). */
export const DEFAULT_LIST_LIMIT = 25;

/**
 * A page of readable locations matching `criterion` with the user's `content/read` criterion ANDed in (as Ibexa
 * filters searches, never post-filtering), ordered by `parent`'s sort settings (ties by location id) or by
 * location id. A negative `limit` means all.
 */
export async function findReadableLocations(
  context: ServiceContext,
  criterion: Criterion,
  options: { readonly offset: number; readonly limit: number; readonly parent?: Location },
): Promise<readonly Location[]> {
  const readable = await context.guard.criterion('content', 'read');
  const result = await context.persistence.searchHandler.findLocations({
    criterion: readable ? { type: 'LogicalAnd', criteria: [criterion, readable] } : criterion,
    sortClauses: [
      ...(options.parent ? [locationSortClause(options.parent.sortField, options.parent.sortOrder)] : []),
      { type: 'LocationId', direction: 'ascending' },
    ],
    offset: Math.max(0, options.offset),
    limit: options.limit < 0 ? Number.MAX_SAFE_INTEGER : options.limit,
    languageFilter: {},
  });
  return context.persistence.locationHandler.loadList(result.ids);
}
