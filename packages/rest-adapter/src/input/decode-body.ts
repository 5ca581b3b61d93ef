import { BadRequestError } from '../http/rest-errors.js';
import type { WireFormat } from '../http/media-types.js';
import type { DecodedObject } from './decoded-input.js';
import { isDecodedInput, isDecodedObject } from './decoded-input.js';
import { assertWellFormedInput, utf8Text } from './well-formed-input.js';
import { decodeXml } from './xml-input.js';

export type { DecodedInput, DecodedObject } from './decoded-input.js';

/** How much of a malformed JSON body is echoed back in the error message. */
const ECHO_LIMIT = 1000;

const bodyText = (body: Buffer): string => {
  const text = utf8Text(body);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
};

/**
 * Decodes a JSON body: `{"<Root>": {…}}` → the root value (Ibexa ignores the root key's name). A `null`
 * root value counts as `{}`, mirroring an empty XML root element.
 *
 * @throws BadRequestError `An error occured while decoding the JSON input:\n<detail>\nInput JSON:\n\n<body>`
 *   for malformed JSON (Ibexa wording, typo included; the echoed body is truncated); a 400 when the
 *   document is not an object with exactly one root key whose value is an object.
 */
export function decodeJson(text: string): DecodedObject {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const echo = text.length > ECHO_LIMIT ? `${text.slice(0, ECHO_LIMIT)}…` : text;
    throw new BadRequestError(`An error occured while decoding the JSON input:\n${detail}\nInput JSON:\n\n${echo}`);
  }
  if (!isDecodedInput(parsed) || !isDecodedObject(parsed)) {
    throw new BadRequestError('Invalid JSON input: expected an object with exactly one root key.');
  }
  const keys = Object.keys(parsed);
  const [rootKey] = keys;
  if (keys.length !== 1 || rootKey === undefined) {
    throw new BadRequestError('Invalid JSON input: expected an object with exactly one root key.');
  }
  const value = parsed[rootKey];
  if (value === null) return {};
  if (!isDecodedObject(value)) {
    throw new BadRequestError(`Invalid JSON input: the value of '${rootKey}' must be an object.`);
  }
  return value;
}

/**
 * Decodes a request body in the given format and returns the **value of its root key/element** as
 * Ibexa's array form (the root name is ignored): JSON as parsed; XML with attributes as `_a`
 * keys, `#text`, `null` for empty elements, repeated siblings and the forced-list pairs as arrays,
 * and field-type hash elements type-sniffed. DTDs and foreign entities are refused (see xml-input.ts).
 * A UTF-8 byte-order mark is ignored.
 *
 * @throws BadRequestError for malformed input in either format (Ibexa's messages), and for input that is not
 *   well-formed Unicode: bytes that are not UTF-8, or a key or value holding a lone surrogate (`"\ud800"`, `&#xD800;`)
 */
export async function decodeBody(body: Buffer, format: WireFormat): Promise<DecodedObject> {
  const text = bodyText(body);
  const decoded = format === 'json' ? decodeJson(text) : decodeXml(text);
  assertWellFormedInput(decoded);
  return decoded;
}
