import type { Hash } from '@contentrepo/core';

/**
 * Checked readers for field type hashes and settings (`Hash`, the JSON-like data core's field types produce).
 * Resolvers read values through these instead of casting.
 */

/** A hash map, or null when `hash` is not one. */
export function hashRecord(hash: Hash | undefined): { readonly [key: string]: Hash } | null {
  if (typeof hash !== 'object' || hash === null || isHashList(hash)) return null;
  return hash;
}

/** Whether a hash is a list (`Array.isArray` does not narrow readonly arrays). */
export function isHashList(hash: Hash | undefined): hash is readonly Hash[] {
  return Array.isArray(hash);
}

/** A hash list, or an empty list. */
export function hashList(hash: Hash | undefined): readonly Hash[] {
  return isHashList(hash) ? hash : [];
}

/** The string at `key`, or null. */
export function hashString(record: { readonly [key: string]: Hash } | null, key: string): string | null {
  const value = record?.[key];
  return typeof value === 'string' ? value : null;
}

/** The finite number at `key` (numeric strings included), or null. */
export function hashNumber(record: { readonly [key: string]: Hash } | null, key: string): number | null {
  const value = record?.[key];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** The boolean at `key` (Ibexa's 0/1 included), or null. */
export function hashBoolean(record: { readonly [key: string]: Hash } | null, key: string): boolean | null {
  const value = record?.[key];
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value === 1;
  return null;
}

/** Integers of a hash list (numeric strings included). */
export function hashIntegers(hash: Hash | undefined): number[] {
  return hashList(hash).flatMap((item) => {
    const number = typeof item === 'string' ? Number(item) : item;
    return typeof number === 'number' && Number.isSafeInteger(number) ? [number] : [];
  });
}

/** Strings of a hash list. */
export function hashStrings(hash: Hash | undefined): string[] {
  return hashList(hash).flatMap((item) => (typeof item === 'string' ? [item] : []));
}
