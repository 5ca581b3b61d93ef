import type { Location } from './location.js';

/** A page of the current user's bookmarked locations (Ibexa `BookmarkList`, also a REST media type). */
export interface BookmarkList {
  readonly totalCount: number;
  readonly items: readonly Location[];
}
