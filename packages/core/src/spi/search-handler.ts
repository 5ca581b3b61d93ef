import type { Criterion } from '../domain/criteria/criterion.js';
import type { LanguageFilter } from '../domain/criteria/query.js';
import type { SortClause } from '../domain/criteria/sort-clause.js';
import type { FieldSearchFamily, FieldTypesByFamily } from '../field-types/field-type.js';

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
   * False: the total is not wanted — the engine answers `totalCount` null and runs only the page (Ibexa
   * `Query::$performCount`). Absent: true.
   */
  readonly performCount?: boolean;
  /**
   * The field types each Field / IsFieldEmpty target of `criterion` can have in the index, grouped by the search
   * family each type states (search service: `fieldTargetTypes`): the canonical identifiers of the types of the
   * searchable definitions with that identifier whose type has index data, in any content type — the only
   * definitions indexed (`indexContent`). An engine may leave out the families, and types, not listed. The search
   * service lists every target it resolved. Absent, or a target not listed (a SearchHandler called directly, as
   * the contract suite does): the target may have entries of any field type, in any family — an engine that needs
   * the family of an identifier then takes it from the field types it was built with, comparing unknown
   * identifiers as `text`.
   */
  readonly fieldTargetTypes?: ReadonlyMap<string, FieldTypesByFamily>;
}

/** Ids of a page of hits plus the total count (null when the query's `performCount` was false). */
export interface IdSearchResult {
  readonly totalCount: number | null;
  readonly ids: readonly number[];
}

/**
 * Index data of one field of a published version (from `FieldType.toSearchData`), built by core
 * (`indexDocument`) from the searchable definitions of searchable types.
 */
export interface FieldIndexEntry {
  readonly fieldDefinitionId: number;
  readonly fieldDefIdentifier: string;
  /** Canonical identifier of the field type. */
  readonly fieldTypeIdentifier: string;
  /**
   * The search family the field type states (`FieldType.searchFamily`): how the Field criterion compares this
   * entry. Engines read it from the entry; only `collection` entries have `elements` worth indexing.
   */
  readonly searchFamily: FieldSearchFamily;
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
  /** The version's names per language, when the caller holds them (a handler reads them otherwise). */
  readonly names?: Readonly<Record<string, string>>;
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
