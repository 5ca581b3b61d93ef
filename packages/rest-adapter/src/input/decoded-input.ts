import { BadRequestError } from '../http/rest-errors.js';

/**
 * A decoded request body in Ibexa's array form (its REST input decoding): JSON as parsed, XML converted with
 * attributes as `_name` keys and text next to attributes/children under `#text`.
 */
export type DecodedInput = null | boolean | number | string | DecodedInput[] | DecodedObject;

/** An object (PHP associative array) of a decoded body. Read keys with {@link getOwn}. */
export interface DecodedObject {
  [key: string]: DecodedInput;
}

/** Deepest nesting accepted in a body; deeper input is rejected with 400 rather than risking the stack. */
export const MAX_INPUT_DEPTH = 256;

/** Type guard: a decoded object (not an array, not null). */
export function isDecodedObject(value: DecodedInput | undefined): value is DecodedObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Type guard: a decoded list. */
export function isDecodedArray(value: DecodedInput | undefined): value is DecodedInput[] {
  return Array.isArray(value);
}

/**
 * Own property of a decoded object, `undefined` when absent; never an inherited member such as
 * `constructor` or `__proto__` (bodies are untrusted).
 */
export function getOwn(object: DecodedObject, key: string): DecodedInput | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/**
 * Type guard over an unknown value (e.g. `JSON.parse` output): JSON-like data only.
 *
 * @throws BadRequestError when nested deeper than {@link MAX_INPUT_DEPTH}
 */
export function isDecodedInput(value: unknown, depth = 0): value is DecodedInput {
  if (value === null) return true;
  switch (typeof value) {
    case 'boolean':
    case 'string':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (depth >= MAX_INPUT_DEPTH) throw new BadRequestError(`Input is nested deeper than ${MAX_INPUT_DEPTH} levels.`);
      const items: unknown[] = Array.isArray(value) ? value : Object.values(value);
      return items.every((item) => isDecodedInput(item, depth + 1));
    }
    default:
      return false;
  }
}
