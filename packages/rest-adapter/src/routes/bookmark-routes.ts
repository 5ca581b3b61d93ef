import { isRepositoryError } from '@contentrepo/core';
import type { RestContext, RestHandler } from '../http/rest-context.js';
import { RestNotFoundError } from '../http/rest-errors.js';
import type { RouteDefinition } from '../http/route-table.js';
import { locationNode } from '../output/visitors/location-visitor.js';
import { bookmarkListNode } from '../output/visitors/url-visitor.js';
import { intParam, intQuery, resource } from './route-support.js';

const locationId = (context: RestContext): number => intParam(context, 'locationId');

/** GET /bookmark?offset=0&limit=25 → BookmarkList. */
const loadBookmarks: RestHandler = async (context) => {
  const offset = Math.max(0, intQuery(context, 'offset', 0));
  const limit = intQuery(context, 'limit', 25);
  const bookmarks = await context.repository.bookmarkService.loadBookmarks(offset, limit);
  const counts = await context.repository.searchService.countLocationChildren(bookmarks.items.map((location) => location.id));
  const nodes = bookmarks.items.map((location) => locationNode({ location, childCount: counts.get(location.id) ?? 0 }, context.visit));
  return resource(bookmarkListNode(bookmarks, nodes, context.visit));
};

/** POST /bookmark/{locationId}: 201 + Location; already bookmarked → 409, empty body (Ibexa's `Conflict` value). */
const createBookmark: RestHandler = async (context) => {
  try {
    await context.repository.bookmarkService.createBookmark(locationId(context));
  } catch (error) {
    if (isRepositoryError(error) && error.code === 'InvalidArgument') return { kind: 'empty', status: 409 };
    throw error;
  }
  return { kind: 'empty', status: 201, location: context.hrefs.path(`/bookmark/${locationId(context)}`) };
};

/** DELETE /bookmark/{locationId}: 204; not bookmarked → 404. */
const deleteBookmark: RestHandler = async (context) => {
  try {
    await context.repository.bookmarkService.deleteBookmark(locationId(context));
  } catch (error) {
    if (isRepositoryError(error) && error.code === 'InvalidArgument') throw new RestNotFoundError(`Location ${locationId(context)} is not bookmarked`);
    throw error;
  }
  return { kind: 'empty', status: 204 };
};

/** GET/HEAD /bookmark/{locationId}: 200 with no body, 404 when not bookmarked. */
const isBookmarked: RestHandler = async (context) => {
  if (!(await context.repository.bookmarkService.isBookmarked(locationId(context)))) {
    throw new RestNotFoundError(`Location ${locationId(context)} is not bookmarked`);
  }
  return { kind: 'empty', status: 200 };
};

/** Bookmark routes (`/bookmark/{locationId}` is one of Ibexa's two explicit HEAD routes). */
export const bookmarkRoutes: readonly RouteDefinition<RestHandler>[] = [
  { path: '/bookmark', methods: [['GET', loadBookmarks]] },
  { path: '/bookmark/{locationId:id}', methods: [['POST', createBookmark], ['DELETE', deleteBookmark], ['GET', isBookmarked], ['HEAD', isBookmarked]] },
];
