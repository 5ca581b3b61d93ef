import type { Criterion } from '../domain/criteria/criterion.js';
import type { LanguageFilter } from '../domain/criteria/query.js';
import type { SortClause } from '../domain/criteria/sort-clause.js';

/**
 * A search as handed to a SearchHandler: criteria already resolved (ContentTypeIdentifier → ContentTypeId,
 * permission criteria added), limit and offset set.
 */
export interface ResolvedQuery {
  readonly criterion: Criterion;
  readonly sortClauses: readonly SortClause[];
  readonly offset: number;
  readonly limit: number;
  readonly languageFilter: LanguageFilter;
  /**
   * The field types each Field / IsFieldEmpty target of `criterion` can have in the index (search service:
   * `fieldTargetTypes`): the field type identifiers of the searchable definitions with that identifier whose type
   * has index data, in any content type (A.8) — the only definitions indexed (`indexContent`). An engine may leave
   * out comparisons that no listed type can satisfy. Absent, or a target not listed: any field type.
   */
  readonly fieldTargetTypes?: ReadonlyMap<string, readonly string[]>;
}

/** Ids of a page of hits plus the total count. */
export interface IdSearchResult {
  readonly totalCount: number;
  readonly ids: readonly number[];
}

/** Index data of one field of a published version (from `FieldType.toSearchData`). */
export interface FieldIndexEntry {
  readonly fieldDefinitionId: number;
  readonly fieldDefIdentifier: string;
  readonly fieldTypeIdentifier: string;
  readonly languageCode: string;
  readonly sortKeyInt: number | null;
  readonly sortKeyString: string | null;
  readonly fullText: string;
  readonly elements?: readonly (string | number)[];
}

/** What a SearchHandler indexes when a version is published: the fields of the current version. */
export interface ContentIndexDocument {
  readonly contentId: number;
  readonly versionNo: number;
  readonly fields: readonly FieldIndexEntry[];
}

/** Optional features a SearchHandler may lack; the search service reports NotImplemented for them. */
export type SearchCapability = 'fullText' | 'scoring' | 'imageCriteria';

/**
 * Runs searches (Ibexa `Search\Handler`): content search returns content ids (published content, one hit per
 * item), location search returns location ids (root excluded). Must return identical results on every engine;
 * the contract suite in `@contentrepo/core/testing` checks that.
 *
 * Errors: NotImplementedError for criteria or sort clauses the engine cannot run.
 */
export interface SearchHandler {
  supports(capability: SearchCapability): boolean;
  findContent(query: ResolvedQuery): Promise<IdSearchResult>;
  findLocations(query: ResolvedQuery): Promise<IdSearchResult>;
  /** (Re)indexes the published version of a content item. */
  indexContent(document: ContentIndexDocument): Promise<void>;
  deleteContent(contentId: number): Promise<void>;
}
