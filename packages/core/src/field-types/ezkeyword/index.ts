import { FieldValueError, type FieldType } from '../field-type.js';
import { invalidInput } from '../shared/decode.js';
import { NO_SEARCH_DATA, toSortKeyString } from '../shared/search.js';
import { validateSettingsSchema, validateValidatorSchema } from '../shared/settings.js';

/** Value of a Keywords field: trimmed, non-empty, unique keywords in input order. */
export type KeywordValue = readonly string[];

function normalise(keywords: readonly string[]): string[] {
  const result: string[] = [];
  for (const keyword of keywords) {
    const trimmed = keyword.trim();
    if (trimmed !== '' && !result.includes(trimmed)) result.push(trimmed);
  }
  return result;
}

function keywordsFrom(input: unknown): string[] {
  if (typeof input === 'string') return normalise(input.split(','));
  if (!Array.isArray(input)) throw invalidInput('a list of keywords', input);
  return normalise(
    input.map((keyword: unknown) => {
      if (typeof keyword === 'string') return keyword;
      if (typeof keyword === 'number' && Number.isFinite(keyword)) return String(keyword);
      throw invalidInput('each keyword to be a string', keyword);
    }),
  );
}

/**
 * Keywords (`ezkeyword` / `ibexa_keyword`). REST hash: list of strings, `[]` when empty; input also
 * takes a comma-separated string. Keywords are trimmed and de-duplicated. Name: keywords joined with `, `.
 * Search: lower-cased keywords as collection elements, the joined keywords as sort key and full text.
 */
export const keywordFieldType: FieldType<KeywordValue> = {
  identifier: 'ezkeyword',
  aliases: ['ibexa_keyword'],
  searchable: true,
  searchFamily: 'collection',

  emptyValue: () => [],
  isEmpty: (value) => value.length === 0,
  fromHash: (input) => (input === null || input === undefined ? [] : keywordsFrom(input)),
  toHash: (value) => [...value],
  validate: () => [],
  toStorage: (value) => [...value],
  fromStorage(data) {
    if (Array.isArray(data) && data.every((keyword) => typeof keyword === 'string')) return keywordsFrom(data);
    throw new FieldValueError('Invalid keyword storage data: expected a list of strings');
  },
  getName: (value) => value.join(', '),
  toSearchData: (value) =>
    value.length === 0
      ? { ...NO_SEARCH_DATA, elements: [] }
      : {
          sortKeyInt: null,
          sortKeyString: toSortKeyString(value.join(',')),
          fullText: value.join(' '),
          elements: value.map((keyword) => keyword.toLowerCase()),
        },

  defaultFieldSettings: () => ({}),
  defaultValidatorConfiguration: () => ({}),
  validateFieldSettings: (settings) => validateSettingsSchema(settings, {}),
  validateValidatorConfiguration: (configuration) => validateValidatorSchema(configuration, {}),
};
