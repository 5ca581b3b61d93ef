import type { FieldSearchData } from '../field-type.js';

/** Maximum length of a string sort key (Legacy `sort_key_string` is VARCHAR(255)). */
export const SORT_KEY_STRING_LENGTH = 255;

/** Search data of a value that has none (empty values, types without an index column). */
export const NO_SEARCH_DATA: FieldSearchData = { sortKeyInt: null, sortKeyString: null, fullText: '' };

/**
 * A string sort key: lower-cased, cut to 255 characters (code points, never splitting a surrogate pair),
 * or null for null/empty text. Legacy stores `sort_key_string` lower-cased.
 */
export function toSortKeyString(text: string | null): string | null {
  if (text === null || text === '') return null;
  const lower = text.toLowerCase();
  if (lower.length <= SORT_KEY_STRING_LENGTH) return lower;
  return Array.from(lower).slice(0, SORT_KEY_STRING_LENGTH).join('');
}

/** Search data of a text value: lower-cased sort key and the text itself as full text. */
export function textSearchData(text: string | null): FieldSearchData {
  if (text === null || text.trim() === '') return NO_SEARCH_DATA;
  return { sortKeyInt: null, sortKeyString: toSortKeyString(text), fullText: text };
}

/** Search data of an integer-keyed value (integers, booleans, dates, times, relations). */
export function intSearchData(key: number | null, fullText = ''): FieldSearchData {
  return { sortKeyInt: key, sortKeyString: null, fullText };
}
