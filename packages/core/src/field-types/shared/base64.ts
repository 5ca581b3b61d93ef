import { FieldValueError } from '../field-type.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const WHITESPACE = /[\t\n\r ]/g;

/**
 * Decodes standard base64 (RFC 4648 §4) strictly: ASCII whitespace (line breaks of wrapped payloads) is
 * ignored; any other character outside the alphabet, a length that is not a multiple of 4, misplaced or
 * excess `=` padding, or non-zero bits in the last character before padding is rejected. The URL-safe
 * alphabet (`-`, `_`) is not accepted.
 * @throws FieldValueError with the given target (`data` by default) describing the problem.
 */
export function decodeBase64Strict(text: string, target = 'data'): Uint8Array {
  const compact = text.replace(WHITESPACE, '');
  const firstPad = compact.indexOf('=');
  const body = firstPad === -1 ? compact : compact.slice(0, firstPad);
  const padding = firstPad === -1 ? '' : compact.slice(firstPad);
  for (let index = 0; index < body.length; index++) {
    if (!ALPHABET.includes(body.charAt(index))) {
      throw new FieldValueError(
        `Invalid base64 data: character ${JSON.stringify(body.charAt(index))} at position ${index} is not in the base64 alphabet`,
        target,
      );
    }
  }
  if (padding !== '' && padding !== '=' && padding !== '==') {
    throw new FieldValueError('Invalid base64 data: padding must be at most two "=" at the very end', target);
  }
  if (compact.length % 4 !== 0) {
    throw new FieldValueError(
      `Invalid base64 data: length ${compact.length} (without whitespace) is not a multiple of 4`,
      target,
    );
  }
  if (padding !== '') {
    // The character before the padding must not carry bits that the decoded bytes do not use.
    const last = ALPHABET.indexOf(body.charAt(body.length - 1));
    const unusedBitsMask = padding === '==' ? 0b1111 : 0b11;
    if ((last & unusedBitsMask) !== 0) {
      throw new FieldValueError('Invalid base64 data: non-canonical final character before padding', target);
    }
  }
  return new Uint8Array(Buffer.from(compact, 'base64'));
}
