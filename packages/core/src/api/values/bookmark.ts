import type { Location } from './location.js';

/** A page of the current user's bookmarked locations (Ibexa `BookmarkList`, REST §5.19). */
export interface BookmarkList {
  readonly totalCount: number;
  readonly items: readonly Location[];
}
