import type { Hash, Limitation, TranslatedStrings } from '@contentrepo/core';
import { isRecord } from './row.js';

/**
 * Decoders for the JSON columns: they check the parsed value's shape and return it typed, so that no stored JSON
 * reaches core unchecked. Each throws a plain Error (a storage bug) on a value this package never writes.
 */

/** A field-type hash (`null`, booleans, finite numbers, strings, lists and objects of hashes). */
export function decodeHash(value: unknown, what = 'hash'): Hash {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    throw new Error(`Stored ${what}: non-finite number`);
  }
  if (Array.isArray(value)) return value.map((item: unknown) => decodeHash(item, what));
  if (isRecord(value)) {
    const result: Record<string, Hash> = {};
    for (const [key, item] of Object.entries(value)) result[key] = decodeHash(item, what);
    return result;
  }
  throw new Error(`Stored ${what}: unexpected ${typeof value}`);
}

/** An object of hashes (field settings, validator configuration). */
export function decodeHashRecord(value: unknown, what: string): { readonly [key: string]: Hash } {
  if (value === null) return {};
  if (!isRecord(value)) throw new Error(`Stored ${what}: expected an object`);
  const result: Record<string, Hash> = {};
  for (const [key, item] of Object.entries(value)) result[key] = decodeHash(item, what);
  return result;
}

/** Translated strings keyed by language code. */
export function decodeTranslatedStrings(value: unknown, what: string): TranslatedStrings {
  if (value === null) return {};
  if (!isRecord(value)) throw new Error(`Stored ${what}: expected an object`);
  const result: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') throw new Error(`Stored ${what}: '${key}' is not a string`);
    result[key] = item;
  }
  return result;
}

/** A list of strings (language codes). */
export function decodeStringList(value: unknown, what: string): string[] {
  if (value === null) return [];
  if (!Array.isArray(value)) throw new Error(`Stored ${what}: expected a list`);
  return value.map((item: unknown) => {
    if (typeof item !== 'string') throw new Error(`Stored ${what}: expected strings`);
    return item;
  });
}

/** One limitation `{ identifier, values }`. */
export function decodeLimitation(value: unknown, what = 'limitation'): Limitation {
  if (!isRecord(value) || typeof value['identifier'] !== 'string') throw new Error(`Stored ${what}: expected an object`);
  return { identifier: value['identifier'], values: decodeStringList(value['values'] ?? null, what) };
}

/** A list of limitations. */
export function decodeLimitations(value: unknown, what = 'limitations'): Limitation[] {
  if (value === null) return [];
  if (!Array.isArray(value)) throw new Error(`Stored ${what}: expected a list`);
  return value.map((item: unknown) => decodeLimitation(item, what));
}

/** JSON text of a value for a JSON column (both dialects accept text for json/jsonb parameters); null stays NULL. */
export function jsonParam(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
