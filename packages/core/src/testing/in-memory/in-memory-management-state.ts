import type { LocationRecord } from '../../api/values/location.js';
import type { URLWildcard } from '../../api/values/url-alias.js';
import type { UrlAliasRecord } from '../../spi/url-alias-handler.js';

/** A trash item as stored: the location row as it was, its batch (the trashed root's id) and the date. */
export interface TrashRecord extends LocationRecord {
  readonly rootId: number;
  readonly trashed: Date;
}

/** Id sequences of the repository-management data (sections, object states, URL aliases, wildcards). */
export type ManagementSequence = 'section' | 'stateGroup' | 'state' | 'urlAliasNode' | 'wildcard';

/**
 * In-memory data of the trash, URL aliases and wildcards, bookmarks, and the id sequences of sections and object
 * states: one member of the store's state, so transactions snapshot and restore it with the rest.
 */
export interface ManagementState {
  next: Record<ManagementSequence, number>;
  trash: Map<number, TrashRecord>;
  /** Key `<parentId>/<textMd5>`. */
  urlAliases: Map<string, UrlAliasRecord>;
  wildcards: Map<number, URLWildcard>;
  /** Bookmarked location ids per user id. */
  bookmarks: Map<number, Set<number>>;
}

/** An empty management state. */
export function emptyManagementState(): ManagementState {
  return {
    next: { section: 1, stateGroup: 1, state: 1, urlAliasNode: 1, wildcard: 1 },
    trash: new Map(),
    urlAliases: new Map(),
    wildcards: new Map(),
    bookmarks: new Map(),
  };
}

/** The next id of a sequence, past `existing` ids (seeded rows carry explicit ids). */
export function nextManagementId(state: ManagementState, sequence: ManagementSequence, existing: Iterable<number> = []): number {
  let id = state.next[sequence];
  for (const used of existing) if (used >= id) id = used + 1;
  state.next[sequence] = id + 1;
  return id;
}

/** The map key of a URL alias entry. */
export const aliasKey = (parentId: number, textMd5: string): string => `${parentId}/${textMd5}`;
