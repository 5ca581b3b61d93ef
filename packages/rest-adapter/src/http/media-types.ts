import { BadRequestError } from './rest-errors.js';

/** Wire format of a body. */
export type WireFormat = 'json' | 'xml';

/** Vendor media-type prefix of Ibexa 4.x/5.x. */
export const VENDOR_PREFIX = 'application/vnd.ibexa.api.';

/** Result of Ibexa REST's Accept negotiation. */
export interface OutputNegotiation {
  /** Response format. */
  readonly format: WireFormat;
  /**
   * Resource name of the first acceptable vendor type containing `+` (`Content`, `ContentInfo`,
   * `ContentTypeList`, `UserList`); callers compare it case-insensitively. `null` when the first
   * acceptable type with `+` is not a vendor type, or there is none (`application/json`).
   */
  readonly variant: string | null;
}

/** Parsed request `Content-Type`, as Ibexa's REST input dispatcher reads it. */
export interface InputType {
  /** Resource name after the vendor prefix (`ContentCreate`); `""` for the bare prefix. */
  readonly name: string;
  /** Body format: the `+json` / `+xml` suffix, `xml` when there is none. */
  readonly format: WireFormat;
  /** `version` parameter, default `1.0` (only `ViewInput` has a `1.1`). */
  readonly version: string;
  /** The media type before the suffix as sent (`application/vnd.ibexa.api.ContentCreate`), for messages. */
  readonly media: string;
}

// Prefix-anchored like 5.x (IBX-11050). `vnd.ez.api` counts as JSON too: a deliberate improvement
// over Ibexa, which sends such types to the XML catch-all, for the benefit of old clients.
const JSON_TYPES = [/^application\/vnd\.(?:ibexa|ez)\.api(?:\.[A-Za-z]+)+\+json/i, /^application\/json/i];
const XML_TYPES = [/^application\/vnd\.(?:ibexa|ez)\.api(?:\.[A-Za-z]+)+\+xml/i, /^application\/xml/i, /^.*\/.*/];
const VENDOR_NAME = /^application\/vnd\.(?:ibexa|ez)\.api\.(.*)$/i;
/** The bare prefix some clients send on bodiless requests: no preference (Ibexa 4.6 clients). */
const BARE_PREFIX = /^application\/vnd\.(?:ibexa|ez)\.api\.?$/i;

interface AcceptEntry {
  readonly type: string;
  readonly q: number;
  readonly index: number;
}

const parseAccept = (header: string): AcceptEntry[] => {
  const entries: AcceptEntry[] = [];
  header.split(',').forEach((part, index) => {
    const [rawType = '', ...params] = part.split(';');
    const type = rawType.trim();
    if (type === '' || BARE_PREFIX.test(type)) return;
    let q = 1;
    for (const param of params) {
      const [key = '', value = ''] = param.split('=');
      if (key.trim().toLowerCase() !== 'q') continue;
      const parsed = Number(value.trim());
      q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 1;
    }
    if (q > 0) entries.push({ type, q, index });
  });
  return entries.sort((a, b) => b.q - a.q || a.index - b.index);
};

/**
 * Chooses the response format and resource variant from an `Accept` header (Ibexa's negotiation): entries
 * are sorted by q-value (stable for equal q; `q=0` entries are dropped) and the first one matching
 * a JSON regex (`application/vnd.ibexa.api.<Name>+json`, `application/vnd.ez.api.<Name>+json`,
 * `application/json`) or an XML regex (`…+xml`, `application/xml`, and the catch-all matching any
 * `type/subtype` such as `text/html`) decides. The bare prefix `application/vnd.ibexa.api.` is
 * skipped as "no preference"; a missing or empty header, or no match at all, yields XML:
 * negotiation never fails (no 406). `variant` is read from the same sorted list.
 */
export function negotiateOutput(acceptHeader: string | undefined): OutputNegotiation {
  const entries = parseAccept(acceptHeader ?? '');
  let format: WireFormat | undefined;
  let variant: string | null | undefined;
  for (const { type } of entries) {
    if (format === undefined) {
      if (JSON_TYPES.some((re) => re.test(type))) format = 'json';
      else if (XML_TYPES.some((re) => re.test(type))) format = 'xml';
    }
    if (variant === undefined && type.includes('+')) {
      const name = VENDOR_NAME.exec(type.slice(0, type.indexOf('+')))?.[1];
      variant = name === undefined || name === '' ? null : name;
    }
    if (format !== undefined && variant !== undefined) break;
  }
  return { format: format ?? 'xml', variant: variant ?? null };
}

/**
 * Full vendor media type for a resource name: `application/vnd.ibexa.api.<name>+json|xml`
 * (Ibexa media type names). `vendorPrefix` defaults to {@link VENDOR_PREFIX}.
 */
export function mediaType(name: string, format: WireFormat, vendorPrefix: string = VENDOR_PREFIX): string {
  return `${vendorPrefix}${name}+${format}`;
}

/** `Unknown content type specification: '<media> (version: <v>)'.`, Ibexa's input dispatcher's wording. */
export function unknownContentTypeMessage(media: string, version: string): string {
  return `Unknown content type specification: '${media} (version: ${version})'.`;
}

const unquote = (value: string): string => {
  const trimmed = value.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
};

/**
 * Parses a request `Content-Type` like Ibexa's input dispatcher: split on `;` (parameters) and `+` (format,
 * default `xml` when absent); accepts `application/vnd.ibexa.api.<Name>` and the older
 * `application/vnd.ez.api.<Name>`; `version` defaults to `1.0`. Whether `<Name>` has a parser is the
 * caller's decision (see {@link unknownContentTypeMessage}); the bare prefix yields `name: ""`.
 *
 * @throws BadRequestError `Missing Content-Type header in message.` when missing or blank;
 *   `Unknown format specification: '<x>'.` for a suffix other than json/xml;
 *   `Unknown content type specification: '<media> (version: <v>)'.` for a non-vendor media type
 *   such as `application/json` (no parser can ever match it).
 */
export function parseInputType(contentTypeHeader: string | undefined): InputType {
  if (contentTypeHeader === undefined || contentTypeHeader.trim() === '') {
    throw new BadRequestError('Missing Content-Type header in message.');
  }
  const [typePart = '', ...params] = contentTypeHeader.split(';');
  let version = '1.0';
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq > 0 && param.slice(0, eq).trim().toLowerCase() === 'version') version = unquote(param.slice(eq + 1));
  }
  const plus = typePart.indexOf('+');
  const media = (plus < 0 ? typePart : typePart.slice(0, plus)).trim();
  const suffix = plus < 0 ? 'xml' : typePart.slice(plus + 1).trim().toLowerCase();
  if (suffix !== 'json' && suffix !== 'xml') {
    throw new BadRequestError(`Unknown format specification: '${suffix}'.`);
  }
  const name = VENDOR_NAME.exec(media)?.[1];
  if (name === undefined) throw new BadRequestError(unknownContentTypeMessage(media, version));
  return { name, format: suffix, version, media };
}
