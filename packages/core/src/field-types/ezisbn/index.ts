import type { ValidationError } from '../../errors/repository-error.js';
import type { FieldType } from '../field-type.js';
import { textSearchData } from '../shared/search.js';
import { settingChecks, settingOf, validateSettingsSchema, validateValidatorSchema } from '../shared/settings.js';
import { isBlank, textFromHash, textFromStorage } from '../shared/text.js';

/** Value of an ISBN field: the ISBN as entered (hyphens and spaces allowed); the empty string is empty. */
export type IsbnValue = string;

/** The ISBN without spaces and hyphens. */
export function compactIsbn(isbn: string): string {
  return isbn.trim().replace(/[\s-]/g, '');
}

/** Whether a compact ISBN-10 has a valid check character (mod 11, `X` = 10 in the last position only). */
export function isValidIsbn10(compact: string): boolean {
  if (!/^\d{9}[\dX]$/i.test(compact)) return false;
  let sum = 0;
  for (let index = 0; index < 10; index++) {
    const character = compact.charAt(index).toUpperCase();
    sum += (character === 'X' ? 10 : Number(character)) * (10 - index);
  }
  return sum % 11 === 0;
}

/**
 * Checks a compact ISBN-13 with Ibexa's messages; returns the message of the first problem or null.
 * Rules: 13 digits, prefix 978 or 979, weights 1/3 checksum ≡ 0 (mod 10).
 */
export function isbn13Problem(compact: string): string | null {
  if (compact.length !== 13) return `ISBN-13 must be 13 digit, digit count is: ${compact.length}`;
  const prefix = compact.slice(0, 3);
  if (prefix !== '978' && prefix !== '979') return `ISBN-13 value must start with 978 or 979, got: ${prefix}`;
  if (!/^\d{13}$/.test(compact)) return 'All ISBN-13 characters need to be numeric';
  let sum = 0;
  for (let index = 0; index < 12; index++) sum += Number(compact.charAt(index)) * (index % 2 === 0 ? 1 : 3);
  const checkDigit = (10 - (sum % 10)) % 10;
  if (checkDigit === Number(compact.charAt(12))) return null;
  return `Bad checksum, last digit of ISBN-13 should be ${checkDigit}`;
}

/**
 * ISBN (`ezisbn` / `ibexa_isbn`). REST hash: the ISBN string or null. Setting `isISBN13` (default
 * true): when false only ISBN-10 is accepted; when true both ISBN-10 and ISBN-13 are (Ibexa behaviour).
 * Messages and checks follow Ibexa's ISBN type (target `isbn`). Search: lower-cased sort key, full text.
 */
export const isbnFieldType: FieldType<IsbnValue> = {
  identifier: 'ezisbn',
  aliases: ['ibexa_isbn'],
  searchable: true,
  searchFamily: 'text',

  emptyValue: () => '',
  isEmpty: (value) => isBlank(value),
  fromHash: (input) => textFromHash(input, 'an ISBN').trim(),
  toHash: (value) => (isBlank(value) ? null : value),
  validate(value, definition) {
    const errors: ValidationError[] = [];
    const compact = compactIsbn(value);
    const isbn13Allowed = settingOf(definition, 'isISBN13') !== false;
    if (!isbn13Allowed && compact.length !== 10) {
      errors.push({ target: 'isbn', message: 'ISBN-10 must be 10 character length' });
    } else if (compact.length === 10) {
      if (!isValidIsbn10(compact)) {
        errors.push({ target: 'isbn', message: 'ISBN value must be in a valid ISBN-10 format' });
      }
    } else {
      const problem = isbn13Problem(compact);
      if (problem !== null) errors.push({ target: 'isbn', message: problem });
    }
    return errors;
  },
  toStorage: (value) => value,
  fromStorage: (data) => textFromStorage(data, 'ISBN'),
  getName: (value) => value,
  toSearchData: (value) => textSearchData(value),

  defaultFieldSettings: () => ({ isISBN13: true }),
  defaultValidatorConfiguration: () => ({}),
  validateFieldSettings: (settings) => validateSettingsSchema(settings, { isISBN13: settingChecks.bool }),
  validateValidatorConfiguration: (configuration) => validateValidatorSchema(configuration, {}),
};
