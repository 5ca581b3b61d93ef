import { findMalformedString, visibleExcerpt } from '@contentrepo/core';
import { BadRequestError } from '../http/rest-errors.js';
import type { DecodedInput } from './decoded-input.js';

/**
 * Unicode checks of request input. Every string the API accepts must be well-formed Unicode: a lone UTF-16
 * surrogate (JSON `"\ud800"`, an XML character reference `&#xD800;`) or bytes that are not UTF-8 (in a body, or
 * percent-encoded in the URL) cannot be stored, compared or echoed into a header reliably, so they answer 400
 * with an ErrorMessage instead of reaching the repository (or failing there as a 500).
 */

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
 * @throws BadRequestError (400) naming the first offending key or value (with the surrogate shown as `\uXXXX`).
 */
export function assertWellFormedInput(input: DecodedInput): void {
  const malformed = findMalformedString(input);
  if (malformed) {
    throw new BadRequestError(`The input contains a ${malformed.as === 'key' ? 'key' : 'string'} that is not well-formed Unicode: '${visibleExcerpt(malformed.text)}'`);
  }
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
