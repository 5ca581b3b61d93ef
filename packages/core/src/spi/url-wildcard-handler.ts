import type { URLWildcard } from '../api/values/url-alias.js';

/** URL wildcards (Ibexa `UrlWildcard\Handler`). No permission checks; loads return null for unknown ids. */
export interface UrlWildcardHandler {
  create(wildcard: Omit<URLWildcard, 'id'>): Promise<URLWildcard>;
  load(id: number): Promise<URLWildcard | null>;
  /** The wildcard with exactly this source URL, or null. */
  loadBySourceUrl(sourceUrl: string): Promise<URLWildcard | null>;
  /** Wildcards by id (`limit` < 0: all). */
  loadAll(offset: number, limit: number): Promise<readonly URLWildcard[]>;
  remove(id: number): Promise<void>;
}
