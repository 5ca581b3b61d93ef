import type { Criterion, Location } from '@contentrepo/core';
import { BadRequestError } from '../../../http/rest-errors.js';
import { type DecodedInput, type DecodedObject, getOwn, isDecodedArray, isDecodedObject } from '../../decoded-input.js';

/**
 * Shared pieces of the ViewInput criterion parsers: what a parser may call back
 * into (location lookups through core, the acting user) and the value decoders. Every decoder throws a
 * BadRequestError naming the criterion, which the dispatcher wraps in `Invalid Criterion id <K> in <AND>`.
 */

/** Lookups some criteria need, through the acting user's repository (so 404 and 401 apply, as in Ibexa). */
export interface CriterionLookups {
  /** The acting user's id (IsBookmarked). */
  readonly userId: number;
  /** @throws NotFoundError, UnauthorizedError */
  loadLocation(locationId: number): Promise<Location>;
  /** @throws NotFoundError, UnauthorizedError */
  loadLocationByRemoteId(remoteId: string): Promise<Location>;
}

/** Parses the value of one criterion key (`data` is the value under the key, as decoded). */
export type CriterionParser = (data: DecodedInput, name: string, lookups: CriterionLookups) => Criterion | Promise<Criterion>;

/** `Invalid <Name> format[: detail]` (400), the wording of Ibexa's criterion parsers. */
export function invalidFormat(name: string, detail?: string): BadRequestError {
  return new BadRequestError(`Invalid <${name}> format${detail === undefined ? '' : `: ${detail}`}`);
}

const INTEGER = /^[+-]?\d+$/;

/** The scalars of a value: a scalar alone, or the items of a list (nested lists refused). */
function scalars(data: DecodedInput, name: string): (string | number | boolean)[] {
  const items = isDecodedArray(data) ? data : [data];
  return items.map((item) => {
    if (item === null || typeof item === 'object') throw invalidFormat(name, 'expected a value or a list of values');
    return item;
  });
}

/**
 * Comma-separated strings (the criteria Ibexa splits with `explode(',')`): a string is split on `,`, numbers count
 * as their text, and — unlike Ibexa, where a list given directly is a PHP TypeError (500) — a list (JSON array,
 * repeated XML elements) is the union of its items, so that the same criterion repeated means "any of them". Items
 * are trimmed; empty items are dropped. @throws BadRequestError when nothing remains
 */
export function csvStrings(data: DecodedInput, name: string): string[] {
  const values = scalars(data, name).flatMap((value) => {
    if (typeof value === 'boolean') throw invalidFormat(name, 'expected text');
    return String(value).split(',');
  });
  const list = values.map((value) => value.trim()).filter((value) => value !== '');
  if (list.length === 0) throw invalidFormat(name, 'expected at least one value');
  return list;
}

/** Integers given as numbers, numeric or comma-separated strings, or lists of them. @throws BadRequestError */
export function csvIntegers(data: DecodedInput, name: string): number[] {
  return csvStrings(data, name).map((value) => {
    const number = INTEGER.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(number)) throw invalidFormat(name, `'${value}' is not an integer`);
    return number;
  });
}

/**
 * Raw strings (criteria Ibexa passes unchanged, e.g. content type identifiers): a scalar or a list, not split.
 * @throws BadRequestError
 */
export function rawStrings(data: DecodedInput, name: string): string[] {
  const list = scalars(data, name).map((value) => {
    if (typeof value === 'boolean') throw invalidFormat(name, 'expected text');
    return String(value).trim();
  });
  if (list.length === 0 || list.some((value) => value === '')) throw invalidFormat(name, 'expected at least one value');
  return list;
}

/** A boolean: JSON `true`/`false` or the strings `"true"`/`"false"` in any case. @throws BadRequestError */
export function booleanValue(data: DecodedInput, name: string): boolean {
  if (typeof data === 'boolean') return data;
  if (typeof data === 'string') {
    const lower = data.trim().toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
  }
  throw invalidFormat(name, 'expected true or false');
}

/** A finite number from a JSON number or a decimal string (XML). @throws BadRequestError */
export function numberValue(data: DecodedInput | undefined, name: string, key: string): number {
  const number = typeof data === 'number' ? data : typeof data === 'string' && data.trim() !== '' ? Number(data) : Number.NaN;
  if (!Number.isFinite(number)) throw invalidFormat(name, `'${key}' must be a number`);
  return number;
}

/** The object value of a criterion. @throws BadRequestError when it is not an object */
export function objectValue(data: DecodedInput, name: string): DecodedObject {
  if (!isDecodedObject(data)) throw invalidFormat(name, 'expected an object');
  return data;
}

/** A key of an object value, required (null counts as absent). @throws BadRequestError */
export function requiredKey(object: DecodedObject, key: string, name: string): DecodedInput {
  const value = getOwn(object, key);
  if (value === undefined || value === null) throw invalidFormat(name, `missing '${key}'`);
  return value;
}
