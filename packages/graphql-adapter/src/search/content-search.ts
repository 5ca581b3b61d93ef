import type { Criterion, Repository, SortClause } from '@contentrepo/core';

/** A page of a search: criterion, sort clauses, offset and limit (limit 0 = count only). */
export interface SearchQuery {
  readonly criterion: Criterion;
  readonly sortClauses: readonly SortClause[];
  readonly offset: number;
  readonly limit: number;
}

/** Ids of the hits of one page plus the total number of matches. */
export interface SearchPage {
  readonly totalCount: number;
  readonly ids: readonly number[];
}

/**
 * The search the list resolvers need (the plural fields of the group types, `Location.children(sortBy:)`), run for the
 * request's user: results hold only what that user may read (Ibexa's searches filter by permission silently instead of
 * failing). Criteria may use `ContentTypeIdentifier`. `repositorySearch` implements it on core's SearchService; tests
 * may inject another.
 */
export interface ContentSearch {
  /** Content ids (one hit per published item). */
  findContent(repository: Repository, query: SearchQuery): Promise<SearchPage>;
  /** Location ids (the virtual root excluded). */
  findLocations(repository: Repository, query: SearchQuery): Promise<SearchPage>;
}
