import type { SortField, SortOrder } from './common.js';
import type { ContentInfo } from './content.js';

/**
 * A node of the location tree (Ibexa `Location`). `pathString` is the chain of ids from the virtual root,
 * with leading and trailing slashes (`/1/2/58/`); `depth` is the number of ids minus one (root = 0).
 * The virtual root (id 1) is its own parent and has content id 0.
 */
export interface Location {
  readonly id: number;
  readonly parentLocationId: number;
  readonly contentId: number;
  readonly pathString: string;
  readonly depth: number;
  readonly priority: number;
  /** Hidden by its own flag (Ibexa `hidden` / `explicitlyHidden`). */
  readonly hidden: boolean;
  /** Hidden by itself or by an ancestor (or because the content is hidden). */
  readonly invisible: boolean;
  readonly remoteId: string;
  readonly sortField: SortField;
  readonly sortOrder: SortOrder;
  /** The content at this location. The virtual root carries a synthesised ContentInfo (id 0). */
  readonly contentInfo: ContentInfo;
}

/** A page of locations with the total number that match. */
export interface LocationList {
  readonly totalCount: number;
  readonly locations: readonly Location[];
}

/** A location's own columns, without its ContentInfo (what persistence stores). */
export type LocationRecord = Omit<Location, 'contentInfo'>;
