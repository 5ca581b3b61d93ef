/**
 * Sort clauses (Ibexa `Query\SortClause`). Location clauses are valid only in location searches
 * (search-auth-errors-data.md A.6). Ties are broken by content id (content search) or location id
 * (location search), ascending, so that results are deterministic on every engine.
 */
export type SortDirection = 'ascending' | 'descending';

export type SortClause =
  | { readonly type: 'ContentId'; readonly direction: SortDirection }
  | { readonly type: 'ContentName'; readonly direction: SortDirection }
  | { readonly type: 'DateModified'; readonly direction: SortDirection }
  | { readonly type: 'DatePublished'; readonly direction: SortDirection }
  | { readonly type: 'SectionIdentifier'; readonly direction: SortDirection }
  | { readonly type: 'SectionName'; readonly direction: SortDirection }
  | { readonly type: 'ContentTypeIdentifier'; readonly direction: SortDirection }
  | { readonly type: 'ContentTypeName'; readonly direction: SortDirection }
  | { readonly type: 'LocationDepth'; readonly direction: SortDirection }
  | { readonly type: 'LocationPath'; readonly direction: SortDirection }
  | { readonly type: 'LocationPriority'; readonly direction: SortDirection }
  | { readonly type: 'LocationId'; readonly direction: SortDirection }
  | { readonly type: 'Score'; readonly direction: SortDirection }
  | {
      readonly type: 'Field';
      readonly contentTypeIdentifier: string;
      readonly fieldDefinitionIdentifier: string;
      readonly direction: SortDirection;
    };

/** Sort clauses that need a location (invalid in a content search). */
export const LOCATION_SORT_CLAUSES: ReadonlySet<SortClause['type']> = new Set([
  'LocationDepth',
  'LocationPath',
  'LocationPriority',
  'LocationId',
]);
