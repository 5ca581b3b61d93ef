import { FieldValueError } from '../field-type.js';
import { invalidInput } from './decode.js';

/**
 * Text input of the text field types: strings as they are; numbers and booleans are cast to string because
 * XML input is type-sniffed (Ibexa REST: `<fieldValue>42</fieldValue>` arrives as the integer 42).
 * null/undefined give the empty string.
 * @throws FieldValueError for arrays, objects and non-finite numbers.
 */
export function textFromHash(input: unknown, what: string): string {
  if (input === null || input === undefined) return '';
  if (typeof input === 'string') return input;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw invalidInput(`${what} (a string)`, input);
    return String(input);
  }
  if (typeof input === 'boolean') return input ? 'true' : 'false';
  throw invalidInput(`${what} (a string)`, input);
}

/** Storage data of a text value: the string, or null when empty. */
export function textFromStorage(data: unknown, what: string): string {
  if (data === null) return '';
  if (typeof data === 'string') return data;
  throw new FieldValueError(`Invalid ${what} storage data: expected a string or null`);
}

/** Whether a text value is empty (Ibexa: null or only whitespace). */
export function isBlank(text: string): boolean {
  return text.trim() === '';
}
