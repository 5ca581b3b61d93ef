import { BadRequestError } from '../http/rest-errors.js';
import type { DecodedInput, DecodedObject } from './decoded-input.js';
import { getOwn, isDecodedArray, isDecodedObject } from './decoded-input.js';

export type { DecodedInput, DecodedObject } from './decoded-input.js';
export { getOwn, isDecodedArray, isDecodedInput, isDecodedObject } from './decoded-input.js';

/** Options of the list accessors. */
export interface ArrayOptions {
  /** Accept a single object where a list is expected and wrap it (only where a parser notes it). */
  readonly singleAsList?: boolean;
}

const INT = /^-?\d+$/;

/**
 * Checked accessors over one decoded input struct, so that input parsers decode rather than cast, as the house
 * style asks. Every error is a 400 naming the struct and key, in Ibexa's wording:
 * `Missing '<key>' element for <Struct>.` when required and absent (or `null`), and
 * `Invalid value for '<key>' in <Struct>.` when present with the wrong type. Optional accessors
 * return `undefined` for an absent key or `null` (an empty XML element).
 */
export class InputReader {
  /** @param value the struct's decoded object; @param struct its name, used in messages */
  constructor(readonly value: DecodedObject, readonly struct: string) {}

  /** Whether the key is present with a non-null value. */
  has(key: string): boolean {
    const value = getOwn(this.value, key);
    return value !== undefined && value !== null;
  }

  /** The decoded value as is (field-type hashes, criteria), `undefined` when absent. */
  raw(key: string): DecodedInput | undefined {
    return getOwn(this.value, key);
  }

  /** @throws BadRequestError when absent or null */
  requiredRaw(key: string): DecodedInput {
    const value = getOwn(this.value, key);
    if (value === undefined || value === null) throw this.missing(key);
    return value;
  }

  /** String value; finite JSON numbers are accepted as their decimal text. @throws BadRequestError */
  optionalString(key: string): string | undefined {
    const value = this.present(key);
    if (value === undefined || typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
    throw this.invalid(key);
  }

  /** @throws BadRequestError when absent or not a string/number */
  requiredString(key: string): string {
    const value = this.optionalString(key);
    if (value === undefined) throw this.missing(key);
    return value;
  }

  /** Integer from a JSON integer or a decimal string (XML); safe-integer range. @throws BadRequestError */
  optionalInt(key: string): number | undefined {
    const value = this.present(key);
    if (value === undefined) return undefined;
    const n = typeof value === 'number' ? value : typeof value === 'string' && INT.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n)) throw this.invalid(key);
    return n;
  }

  /** @throws BadRequestError when absent or not an integer */
  requiredInt(key: string): number {
    const value = this.optionalInt(key);
    if (value === undefined) throw this.missing(key);
    return value;
  }

  /**
   * Boolean per Ibexa `parseBooleanValue`: JSON `true`/`false` or the strings `"true"`/`"false"`
   * in any case. @throws BadRequestError for anything else
   */
  optionalBool(key: string): boolean | undefined {
    const value = this.present(key);
    if (value === undefined || typeof value === 'boolean') return value;
    if (typeof value === 'string') {
      const lower = value.trim().toLowerCase();
      if (lower === 'true') return true;
      if (lower === 'false') return false;
    }
    throw this.invalid(key);
  }

  /** @throws BadRequestError when absent or not a boolean */
  requiredBool(key: string): boolean {
    const value = this.optionalBool(key);
    if (value === undefined) throw this.missing(key);
    return value;
  }

  /**
   * Nested struct as a reader; `struct` (default: the key) names it in messages.
   * @throws BadRequestError when present but not an object
   */
  optionalObject(key: string, struct: string = key): InputReader | undefined {
    const value = this.present(key);
    if (value === undefined) return undefined;
    if (!isDecodedObject(value)) throw this.invalid(key);
    return new InputReader(value, struct);
  }

  /** @throws BadRequestError when absent or not an object */
  requiredObject(key: string, struct: string = key): InputReader {
    const value = this.optionalObject(key, struct);
    if (value === undefined) throw this.missing(key);
    return value;
  }

  /**
   * List value. A single object is wrapped only with `singleAsList` (JSON clients must send arrays
   * where Ibexa's parsers iterate). @throws BadRequestError when present but not a list
   */
  optionalArray(key: string, options: ArrayOptions = {}): readonly DecodedInput[] | undefined {
    const value = this.present(key);
    if (value === undefined) return undefined;
    if (isDecodedArray(value)) return value;
    if (options.singleAsList === true && isDecodedObject(value)) return [value];
    throw this.invalid(key);
  }

  /** @throws BadRequestError when absent or not a list */
  requiredArray(key: string, options: ArrayOptions = {}): readonly DecodedInput[] {
    const value = this.optionalArray(key, options);
    if (value === undefined) throw this.missing(key);
    return value;
  }

  /**
   * List of structs, each as a reader named `struct`; an absent key is an empty list.
   * @throws BadRequestError when not a list or an item is not an object
   */
  objectList(key: string, struct: string = key, options: ArrayOptions = {}): InputReader[] {
    const items = this.optionalArray(key, options) ?? [];
    return items.map((item) => {
      if (!isDecodedObject(item)) throw this.invalid(key);
      return new InputReader(item, struct);
    });
  }

  /**
   * Reference `{"_href": "…"}` → the href string (Ibexa's input references).
   * @throws BadRequestError when absent, not an object, or without a string `_href`
   */
  optionalHref(key: string): string | undefined {
    const value = this.present(key);
    if (value === undefined) return undefined;
    const href = isDecodedObject(value) ? getOwn(value, '_href') : undefined;
    if (typeof href !== 'string') {
      throw new BadRequestError(`Missing '_href' attribute for '${key}' element in ${this.struct}.`);
    }
    return href;
  }

  /** @throws BadRequestError when absent or invalid (see {@link optionalHref}) */
  href(key: string): string {
    const value = this.optionalHref(key);
    if (value === undefined) throw this.missing(key);
    return value;
  }

  /** `Missing '<key>' element for <Struct>.` */
  missing(key: string): BadRequestError {
    return new BadRequestError(`Missing '${key}' element for ${this.struct}.`);
  }

  /** `Invalid value for '<key>' in <Struct>.` */
  invalid(key: string): BadRequestError {
    return new BadRequestError(`Invalid value for '${key}' in ${this.struct}.`);
  }

  private present(key: string): Exclude<DecodedInput, null> | undefined {
    const value = getOwn(this.value, key);
    return value === null ? undefined : value;
  }
}

/**
 * Starts reading a decoded struct: `reader(decoded, 'ContentCreate').requiredString('mainLanguageCode')`.
 *
 * @throws BadRequestError `Invalid input for <Struct>: expected an object.` when `value` is not an object
 */
export function reader(value: DecodedInput | undefined, struct: string): InputReader {
  if (!isDecodedObject(value)) throw new BadRequestError(`Invalid input for ${struct}: expected an object.`);
  return new InputReader(value, struct);
}
