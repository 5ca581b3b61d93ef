/** Direction of a sort clause: exactly Ibexa's `Query::SORT_ASC` / `SORT_DESC` strings. */
export type SortDirection = 'ascending' | 'descending';

/**
 * Sort clauses (Ibexa `Query\SortClause`). Location clauses are valid only in location searches
 * (Ibexa rejects them in a content search). Ties are broken by content id (content search) or location id
 * (location search), ascending, so that results are deterministic on every engine. Null keys sort first
 * ascending and last descending; strings order by code point (docs/adr/0004-search-semantics.md).
 *
 * Keys: ContentId `id`; ContentName the stored main-language name lower-cased; DateModified / DatePublished the
 * content's dates; SectionIdentifier / SectionName the section's; ContentTypeIdentifier / ContentTypeName the
 * type's (name in its main language, else the identifier); Location* the hit's location (location search);
 * Score orders nothing (no engine scores); Field the field's (sortKeyInt, sortKeyString) of the given content
 * type, in the language chosen as for the Field criterion — hits of other types have no key.
 */
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

/** The sort clause variant of type `T`. */
export type SortClauseOf<T extends SortClause['type']> = Extract<SortClause, { readonly type: T }>;

/** Sort clauses that need a location (invalid in a content search). */
export const LOCATION_SORT_CLAUSES: ReadonlySet<SortClause['type']> = new Set([
  'LocationDepth',
  'LocationPath',
  'LocationPriority',
  'LocationId',
]);
