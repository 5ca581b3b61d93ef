import type { Hash } from '../../api/values/content-type.js';
import { FieldValueError } from '../field-type.js';

/**
 * Checked decoding of untrusted field input (REST hashes, storage data). Every helper either returns a value
 * of the announced type or throws `FieldValueError`; nothing is cast.
 */

/** A plain object (not an array, Date, typed array or class instance) with unknown values. */
export type UnknownRecord = { readonly [key: string]: unknown };

/** Whether `input` is a plain object: `{}` literal or `Object.create(null)`. */
export function isRecord(input: unknown): input is UnknownRecord {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return false;
  const prototype: unknown = Object.getPrototypeOf(input);
  return prototype === Object.prototype || prototype === null;
}

/** A short description of a value for error messages, e.g. `the string "abc"`, `an array`. */
export function describeInput(input: unknown): string {
  if (input === null) return 'null';
  if (input === undefined) return 'nothing';
  if (Array.isArray(input)) return 'an array';
  if (input instanceof Date) return 'a Date';
  if (input instanceof Uint8Array) return 'binary data';
  switch (typeof input) {
    case 'string':
      return `the string ${JSON.stringify(input.length > 40 ? `${input.slice(0, 40)}…` : input)}`;
    case 'number':
    case 'boolean':
    case 'bigint':
      return `the ${typeof input} ${String(input)}`;
    case 'object':
      return 'an object';
    default:
      return `a ${typeof input}`;
  }
}

/** The error for input of the wrong shape: `Expected <expected>, got <description>`. */
export function invalidInput(expected: string, input: unknown, target: string | null = null): FieldValueError {
  return new FieldValueError(`Expected ${expected}, got ${describeInput(input)}`, target);
}

/**
 * Throws when `record` has keys outside `allowed`.
 * @throws FieldValueError naming the first unknown key.
 */
export function rejectUnknownKeys(record: UnknownRecord, allowed: readonly string[], what: string): void {
  for (const key of Object.keys(record)) {
    if (!allowed.includes(key)) {
      throw new FieldValueError(`Unknown ${what} property '${key}'; expected one of: ${allowed.join(', ')}`, key);
    }
  }
}

const INTEGER_STRING = /^[+-]?\d+$/;
const NUMBER_STRING = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A safe integer from a number or a numeric string (XML input and query strings carry strings).
 * Returns undefined for anything else.
 */
export function toInteger(input: unknown): number | undefined {
  if (typeof input === 'number') return Number.isSafeInteger(input) ? input : undefined;
  if (typeof input === 'string') {
    const text = input.trim();
    if (!INTEGER_STRING.test(text)) return undefined;
    const value = Number(text);
    return Number.isSafeInteger(value) ? value : undefined;
  }
  return undefined;
}

/** A finite number from a number or a decimal string (`1.5`, `-2e3`). Returns undefined for anything else. */
export function toFiniteNumber(input: unknown): number | undefined {
  if (typeof input === 'number') return Number.isFinite(input) ? input : undefined;
  if (typeof input === 'string') {
    const text = input.trim();
    if (!NUMBER_STRING.test(text)) return undefined;
    const value = Number(text);
    return Number.isFinite(value) ? value : undefined;
  }
  return undefined;
}

/**
 * A boolean from `true`/`false`, the strings `"true"`/`"false"` (any case, as Ibexa's REST parsers take them), `0`/`1`
 * or `"0"`/`"1"`. Returns undefined for anything else.
 */
export function toBoolean(input: unknown): boolean | undefined {
  if (typeof input === 'boolean') return input;
  if (input === 0 || input === 1) return input === 1;
  if (typeof input === 'string') {
    const text = input.trim().toLowerCase();
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
  }
  return undefined;
}

/** Reads an optional string property; null and absent give null. @throws FieldValueError for other types. */
export function optionalString(record: UnknownRecord, key: string, what: string): string | null {
  const value = record[key];
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw invalidInput(`${what} '${key}' to be a string`, value, key);
}


/** Whether `input` is JSON-like hash data (null, boolean, finite number, string, arrays and plain objects of those). */
export function isHash(input: unknown): input is Hash {
  if (input === null || typeof input === 'boolean' || typeof input === 'string') return true;
  if (typeof input === 'number') return Number.isFinite(input);
  if (Array.isArray(input)) return input.every((item: unknown) => isHash(item));
  return isRecord(input) && Object.values(input).every((value) => isHash(value));
}
