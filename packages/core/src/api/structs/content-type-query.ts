import type { ContentType } from '../values/content-type.js';

/**
 * A criterion of a content type search (Ibexa `ContentType\Query\Criterion`; REST `ContentTypeViewInput`).
 * `IsSystem` matches types in a system group (`ContentTypeGroup.isSystem`). `ContentTypeGroupName` matches types
 * in a group whose identifier (Ibexa keeps it as the group's `name`) equals one of the values case-insensitively
 * (`media` finds the group `Media`), as Ibexa 4.6's Legacy gateway compares `LOWER(name)`.
 */
export type ContentTypeCriterion =
  | { readonly type: 'ContentTypeId'; readonly values: readonly number[] }
  | { readonly type: 'ContentTypeIdentifier'; readonly values: readonly string[] }
  | { readonly type: 'ContentTypeGroupId'; readonly values: readonly number[] }
  | { readonly type: 'ContentTypeGroupName'; readonly values: readonly string[] }
  | { readonly type: 'IsSystem'; readonly value: boolean }
  | { readonly type: 'ContainsFieldDefinitionId'; readonly values: readonly number[] }
  | { readonly type: 'LogicalAnd'; readonly criteria: readonly ContentTypeCriterion[] }
  | { readonly type: 'LogicalOr'; readonly criteria: readonly ContentTypeCriterion[] }
  | { readonly type: 'LogicalNot'; readonly criterion: ContentTypeCriterion };

/** Sort clauses of a content type search (Ibexa `ContentType\Query\SortClause\{Id,Identifier,Name}`). */
export interface ContentTypeSortClause {
  readonly target: 'Id' | 'Identifier' | 'Name';
  readonly direction: 'ascending' | 'descending';
}

/** A content type search (Ibexa `ContentTypeQuery`): no criterion matches every published type; default limit 25. */
export interface ContentTypeQuery {
  readonly criterion?: ContentTypeCriterion;
  readonly sortClauses?: readonly ContentTypeSortClause[];
  readonly offset?: number;
  readonly limit?: number;
}

/** Result of `ContentTypeService.findContentTypes` (Ibexa `SearchResult` of content types). */
export interface ContentTypeSearchResult {
  readonly totalCount: number;
  readonly items: readonly ContentType[];
}
