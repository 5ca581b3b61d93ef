import type { ContentInfo, Criterion, Location } from '@contentrepo/core';
import { listArg, objectArg, type ArgMap } from '../schema/args.js';
import type { GraphQLContext } from './graphql-context.js';
import { userError } from './graphql-errors.js';
import { paginate } from './paging.js';
import { queryCriteria, sortClauses } from './search-input.js';
import { itemValue, type Connection, type ItemValue } from './resolver-values.js';

/** Default page size of item lists and location children (Ibexa's). */
export const DEFAULT_PAGE_SIZE = 10;

function requireSearch(context: GraphQLContext) {
  const search = context.services.search;
  if (search === null) throw userError('Content lists are not available: the server has no search configured', 'NOT_IMPLEMENTED');
  return search;
}

/** The implicit `Subtree` restriction of lists to the tree root (as Ibexa's), or null for the whole tree. */
async function treeRootCriterion(context: GraphQLContext): Promise<Criterion | null> {
  const rootId = context.services.treeRootLocationId;
  if (rootId === 1) return null;
  const root = await context.repository.sudo((sudo) => sudo.locationService.loadLocation(rootId));
  return { type: 'Subtree', values: [root.pathString] };
}

/**
 * A typed list (`content { folders(query:, sortBy:, first:, after:, …) }`): a content search for the type ANDed with
 * the query's criteria and the tree root restriction, filtered by the user's read permission. The query's own
 * `ContentTypeIdentifier` is overridden by the field's type.
 */
export async function listItemsOfType(context: GraphQLContext, contentTypeId: number, args: ArgMap): Promise<Connection<ItemValue>> {
  const search = requireSearch(context);
  const criteria: Criterion[] = [
    { type: 'ContentTypeId', values: [contentTypeId] },
    ...queryCriteria(objectArg(args, 'query')).filter((criterion) => criterion.type !== 'ContentTypeIdentifier' && criterion.type !== 'ContentTypeId'),
  ];
  const root = await treeRootCriterion(context);
  if (root !== null) criteria.push(root);
  const clauses = sortClauses(listArg(args, 'sortBy'));
  return paginate(args, DEFAULT_PAGE_SIZE, async (offset, limit) => {
    const page = await search.findContent(context.repository, {
      criterion: { type: 'LogicalAnd', criteria },
      sortClauses: clauses,
      offset,
      limit,
    });
    const infos: ReadonlyMap<number, ContentInfo> =
      page.ids.length === 0 ? new Map<number, ContentInfo>() : await context.repository.contentService.loadContentInfoList(page.ids);
    const items = page.ids.flatMap((id) => {
      const info = infos.get(id);
      return info ? [itemValue(info)] : [];
    });
    return { totalCount: page.totalCount, items };
  });
}

/**
 * `Location.children(sortBy:, first:, after:, …)`: the readable children in the parent's sort order, or in the
 * `sortBy` order through a location search (`LocationSortByOptions`).
 */
export async function locationChildren(context: GraphQLContext, location: Location, args: ArgMap): Promise<Connection<Location>> {
  const sortBy = listArg(args, 'sortBy');
  if (sortBy === undefined || sortBy.length === 0) {
    return paginate(args, DEFAULT_PAGE_SIZE, async (offset, limit) => {
      const list = await context.repository.locationService.loadLocationChildren(location.id, offset, limit);
      return { totalCount: list.totalCount, items: list.locations };
    });
  }
  const search = requireSearch(context);
  const clauses = sortClauses(sortBy);
  return paginate(args, DEFAULT_PAGE_SIZE, async (offset, limit) => {
    const page = await search.findLocations(context.repository, {
      criterion: { type: 'ParentLocationId', values: [location.id] },
      sortClauses: clauses,
      offset,
      limit,
    });
    const items = await Promise.all(page.ids.map((id) => context.loaders.location(id)));
    return { totalCount: page.totalCount, items };
  });
}
