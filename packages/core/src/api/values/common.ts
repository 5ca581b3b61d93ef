/**
 * Values shared by several aggregates.
 */

/** Translated strings keyed by language code (`{ "eng-GB": "Folder" }`). */
export type TranslatedStrings = Readonly<Record<string, string>>;

/**
 * Sort field of a location's children (Ibexa `Location::SORT_FIELD_*`); the REST `sortField` enum of `LocationCreate`.
 * Stored as the Ibexa integer (PATH = 1 ... CONTENTOBJECT_ID = 12).
 */
export type SortField =
  | 'PATH'
  | 'PUBLISHED'
  | 'MODIFIED'
  | 'SECTION'
  | 'DEPTH'
  | 'CLASS_IDENTIFIER'
  | 'CLASS_NAME'
  | 'PRIORITY'
  | 'NAME'
  | 'MODIFIED_SUBNODE'
  | 'NODE_ID'
  | 'CONTENTOBJECT_ID';

/** Sort order of a location's children. Ibexa stores DESC = 0, ASC = 1. */
export type SortOrder = 'ASC' | 'DESC';

/** Ibexa's integer codes of {@link SortField}, in Ibexa order. */
export const SORT_FIELD_CODES: Readonly<Record<SortField, number>> = {
  PATH: 1,
  PUBLISHED: 2,
  MODIFIED: 3,
  SECTION: 4,
  DEPTH: 5,
  CLASS_IDENTIFIER: 6,
  CLASS_NAME: 7,
  PRIORITY: 8,
  NAME: 9,
  MODIFIED_SUBNODE: 10,
  NODE_ID: 11,
  CONTENTOBJECT_ID: 12,
};

/** Every {@link SortField}, for decoders. */
export const SORT_FIELDS: readonly SortField[] = Object.keys(SORT_FIELD_CODES) as SortField[];

/** The sort field with Ibexa integer `code`, or undefined. */
export function sortFieldFromCode(code: number): SortField | undefined {
  return SORT_FIELDS.find((field) => SORT_FIELD_CODES[field] === code);
}

/** Reference to the user a repository acts for. */
export interface UserReference {
  readonly userId: number;
}
