import type { ChangeEvent, ChangeFeed } from '../spi/change-feed.js';
import type { PermissionCache } from './permissions/permission-cache.js';
import type { ReferenceCache } from './reference-cache.js';

/**
 * How long a cache that follows a {@link ChangeFeed} keeps an entry at most, in milliseconds (60 s): a fallback
 * for an announcement that was missed, as entries are dropped when their change is announced. The default of
 * every cache of the repository, the session and Basic credential caches and the GraphQL schema check when they
 * are given a feed.
 */
export const FALLBACK_CACHE_TTL_MS = 60_000;

/**
 * What each announced change drops from the repository's caches (events of other kinds drop nothing):
 * - `contentType`, `contentTypeGroup`: the content types (a group change may change which types are listed);
 * - `language`: the languages; `objectStateGroup`: the default object states;
 * - `role`: every user's permissions (a role's policies or assignments changed);
 * - `location`: every user's permissions (a user's groups are the contents above its locations, so any move,
 *   creation or removal of a location may change them);
 * - `content`: the permissions of that user and of every member of that group (see
 *   `PermissionCache.invalidateSubject`);
 * - `flush`: everything.
 */
export function dropChanged(caches: { readonly referenceCache: ReferenceCache; readonly permissionCache: PermissionCache }, event: ChangeEvent): void {
  const { referenceCache, permissionCache } = caches;
  switch (event.kind) {
    case 'flush':
      referenceCache.invalidate();
      permissionCache.invalidate();
      return;
    case 'contentType':
    case 'contentTypeGroup':
      referenceCache.invalidateContentTypes();
      return;
    case 'language':
      referenceCache.languages.invalidate();
      return;
    case 'objectStateGroup':
      referenceCache.defaultStates.invalidate();
      return;
    case 'role':
    case 'location':
      permissionCache.invalidate();
      return;
    case 'content':
      permissionCache.invalidateSubject(event.id);
      return;
    default:
      return;
  }
}

/**
 * Keeps the repository's caches coherent with every node: drops entries as their changes are announced
 * ({@link dropChanged}). Returns the function that stops following.
 */
export function followChanges(
  caches: { readonly referenceCache: ReferenceCache; readonly permissionCache: PermissionCache },
  feed: ChangeFeed,
): () => void {
  return feed.subscribe((event) => dropChanged(caches, event));
}
