import type { Criterion } from './criterion.js';
import type { SortClause } from './sort-clause.js';

/**
 * A search (Ibexa `Query` / `LocationQuery`; which one is decided by the SearchService method called).
 * `filter` and `query` are ANDed (no scoring engine), `limit` defaults to 25 and `offset` to 0 (as Ibexa's `Query`).
 */
export interface Query {
  readonly filter?: Criterion;
  readonly query?: Criterion;
  readonly sortClauses?: readonly SortClause[];
  /** ≥ 0. */
  readonly offset?: number;
  /** ≥ 0; 0 returns only the count. */
  readonly limit?: number;
  /**
   * Whether the total number of matches is counted (default true; Ibexa `Query::$performCount`). False: the
   * result's `totalCount` is null and the engine runs only the page, which can stop after `offset + limit` hits.
   */
  readonly performCount?: boolean;
}

/**
 * A location search (Ibexa `LocationQuery`): the same shape as {@link Query}; hits are locations, one per
 * location (root excluded), and location criteria apply to the hit's own location.
 */
export type LocationQuery = Query;

/**
 * Translation filter of a search (Ibexa `$languageFilter`). With `languages`, hits are restricted to items having
 * one of them or (with `useAlwaysAvailable`) being always available — the search service ANDs a LanguageCode
 * criterion — and Field/FullText criteria and the Field sort clause read the translation chosen by priority
 * (as the Legacy Field criterion does); without it they read the main language (Field) or every language (FullText).
 */
export interface LanguageFilter {
  /** Languages to load and match on, by priority; all when absent or empty. */
  readonly languages?: readonly string[];
  /** Whether always-available content matches in any language (default true). */
  readonly useAlwaysAvailable?: boolean;
}

/** One result with its score (null: the engine does not score) and index name (null: single index). */
export interface SearchHit<T> {
  readonly value: T;
  readonly score: number | null;
  readonly index: string | null;
}

/**
 * A page of results (Ibexa `SearchResult`). `time` is in milliseconds. `totalCount` is null when the query's
 * `performCount` was false (Ibexa 4.6 behaviour).
 */
export interface SearchResult<T> {
  readonly totalCount: number | null;
  readonly hits: readonly SearchHit<T>[];
  readonly maxScore: number | null;
  readonly time: number;
  readonly timedOut: boolean;
}

/** Default page size of a query (Ibexa `Query::$limit`). */
export const DEFAULT_QUERY_LIMIT = 25;
