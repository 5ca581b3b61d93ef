import { BadRequestError } from '../http/rest-errors.js';
import type { DecodedInput } from './decoded-input.js';

/**
 * Unicode checks of request input. Every string the API accepts must be well-formed Unicode: a lone UTF-16
 * surrogate (JSON `"\ud800"`, an XML character reference `&#xD800;`) or bytes that are not UTF-8 (in a body, or
 * percent-encoded in the URL) cannot be stored, compared or echoed into a header reliably, so they answer 400
 * with an ErrorMessage instead of reaching the repository (or failing there as a 500).
 */

/** A UTF-16 code unit that is half of no surrogate pair (matched per code unit: no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** Whether a string is well-formed Unicode (`String.prototype.isWellFormed`, which the ES2023 typings lack). */
export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Decodes a request body as UTF-8, refusing byte sequences that are not UTF-8 instead of replacing them with U+FFFD.
 * @throws BadRequestError (400) `The request body is not valid UTF-8`.
 */
export function utf8Text(body: Buffer): string {
  try {
    return strictUtf8.decode(body);
  } catch {
    throw new BadRequestError('The request body is not valid UTF-8');
  }
}

/**
 * Checks every string of a decoded body, object keys included, for well-formed Unicode (no lone surrogate).
 * Iterative: bounded by the size of the input, whatever its depth.
 * @throws BadRequestError (400) naming the first offending key or value (with the surrogate shown as `\uXXXX`).
 */
export function assertWellFormedInput(input: DecodedInput): void {
  const stack: DecodedInput[] = [input];
  for (let value = stack.pop(); value !== undefined; value = stack.pop()) {
    if (typeof value === 'string') {
      if (!isWellFormed(value)) throw new BadRequestError(`The input contains a string that is not well-formed Unicode: '${visible(value)}'`);
    } else if (Array.isArray(value)) {
      stack.push(...value);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (!isWellFormed(key)) throw new BadRequestError(`The input contains a key that is not well-formed Unicode: '${visible(key)}'`);
        stack.push(item);
      }
    }
  }
}

/** Longest excerpt of an offending string shown in an error message. */
const EXCERPT = 100;

/** An excerpt of a string with lone surrogates written as `\uXXXX`, safe to put in any output. */
function visible(text: string): string {
  const excerpt = text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text;
  return excerpt.replace(LONE_SURROGATES, (unit) => `\\u${unit.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A `%` not followed by two hex digits: kept literally, as URL parsers (and URLSearchParams) do. */
const STRAY_PERCENT = /%(?![0-9A-Fa-f]{2})/g;

/**
 * Checks a request target (path and query, as sent) for percent-encoded bytes that are not UTF-8, such as `%ED%A0%80`
 * (an encoded surrogate) or `%FF`, which URL decoding would otherwise turn silently into U+FFFD. A `%` not followed by
 * two hex digits is taken literally.
 * @throws BadRequestError (400) `The request URL is not valid UTF-8 once percent-decoded`.
 */
export function assertWellFormedUrl(target: string): void {
  if (!target.includes('%')) return;
  try {
    decodeURIComponent(target.replace(STRAY_PERCENT, '%25'));
  } catch {
    throw new BadRequestError('The request URL is not valid UTF-8 once percent-decoded');
  }
}
