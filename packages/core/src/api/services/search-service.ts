import type { Criterion } from '../../domain/criteria/criterion.js';
import type { LanguageFilter, LocationQuery, Query, SearchResult } from '../../domain/criteria/query.js';
import type { Content, ContentInfo } from '../values/content.js';
import type { Location } from '../values/location.js';

/**
 * Structured search over published content (Ibexa `SearchService`, with the Legacy search engine's semantics).
 *
 * A query is resolved before the engine runs it: `filter` and `query` are ANDed (no scoring), `limit` defaults
 * to 25 and `offset` to 0, ContentTypeIdentifier becomes ContentTypeId, with `languageFilter.languages` only
 * items in one of those languages (or always available, unless `useAlwaysAvailable` is false) match, and the
 * user's `content/read` criterion is ANDed in: a user never sees a hit they may not read, and a user with
 * no read access at all gets an empty result, not an error. Results are deterministic: ties break by content id
 * (content search) or location id (location search). No engine scores: `maxScore` and hit scores are null.
 *
 * Errors: InvalidArgumentError (location criteria or sort clauses in a content search, an unknown Field target,
 * wrong operator arity, a negative offset or limit, …), NotFoundError (unknown content type identifier or
 * language code), NotImplementedError (a Field target whose field types have no index data).
 */
export interface SearchService {
  /** Content items (current version; fields in the filter's languages, else all) — one hit per item. */
  findContent(query: Query, languageFilter?: LanguageFilter): Promise<SearchResult<Content>>;
  /** Like {@link findContent}, returning only the ContentInfo of each hit. */
  findContentInfo(query: Query, languageFilter?: LanguageFilter): Promise<SearchResult<ContentInfo>>;
  /** Locations, one hit per location (the root excluded); location criteria apply to the hit's location. */
  findLocations(query: LocationQuery, languageFilter?: LanguageFilter): Promise<SearchResult<Location>>;
  /**
   * The only content item matching `filter`.
   * @throws NotFoundError when none matches; InvalidArgumentError when more than one does.
   */
  findSingle(filter: Criterion, languageFilter?: LanguageFilter): Promise<Content>;
  /**
   * Number of children of each given location that the user may read (the `childCount` of location hits),
   * batched: one storage call for a user with unrestricted `content/read`, else one count search per location.
   * Not an Ibexa method.
   */
  countLocationChildren(locationIds: readonly number[]): Promise<ReadonlyMap<number, number>>;
}
