import { md5 } from './md5.js';

/**
 * The URL path segment of a content name (Ibexa's `urlalias` slug transformation; in a clean install
 * "Guest accounts" → `Guest-accounts`): Unicode letters, digits and `_ . ~` are kept with their case, every other
 * run of characters becomes one `-`, and dashes at the ends are dropped. A name with nothing left gives `_1`
 * (Ibexa's SlugConverter default).
 */
export function urlAliasSegment(name: string): string {
  const segment = name.normalize('NFC').replace(/[^\p{L}\p{N}_.~]+/gu, '-').replace(/^-+|-+$/g, '');
  return segment === '' ? '_1' : segment;
}

/** The md5 key of a path segment: lookups are case-insensitive (Ibexa `text_md5` of the lower-cased text). */
export function segmentKey(text: string): string {
  return md5(text.toLowerCase());
}

/** The REST id of an alias entry (`urlAliasId`): `<parentId>-<md5>`. */
export function urlAliasId(parentId: number, textMd5: string): string {
  return `${parentId}-${textMd5}`;
}

/** The parent id and md5 of a REST alias id, or null when malformed. */
export function parseUrlAliasId(id: string): { readonly parentId: number; readonly textMd5: string } | null {
  const match = /^(\d+)-([a-f0-9]{32})$/.exec(id);
  if (!match?.[1] || !match[2]) return null;
  const parentId = Number(match[1]);
  return Number.isSafeInteger(parentId) ? { parentId, textMd5: match[2] } : null;
}

/** The segments of a URL path (`/Media/Images/` → `Media`, `Images`); `/` alone is the site root's empty segment. */
export function pathSegments(path: string): string[] {
  const trimmed = path.trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? [''] : trimmed.split('/').map((segment) => decodeSegment(segment));
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
