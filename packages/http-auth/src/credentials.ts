import { createHash } from 'node:crypto';
import { UnauthorizedError } from '@contentrepo/core';

/** The credentials a request carries, as plain header values (any transport can supply them). */
export interface RequestCredentials {
  /** Value of the session cookie, if any. */
  readonly sessionId?: string | null;
  /** The `Authorization` header, if any. */
  readonly authorization?: string | null;
}

/** What an `Authorization` header asks for: a Bearer token, Basic credentials (still base64), or nothing we know. */
export type AuthorizationHeader =
  | { readonly scheme: 'bearer'; readonly token: string }
  | { readonly scheme: 'basic'; readonly encoded: string }
  | { readonly scheme: 'none' };

/**
 * Splits an `Authorization` header into its scheme (case-insensitive, `Bearer` or `Basic`) and parameter; any
 * other scheme, an empty or absent header is `none` (the request then falls back to the next method).
 */
export function parseAuthorization(header: string | null | undefined): AuthorizationHeader {
  const value = header?.trim() ?? '';
  const space = value.indexOf(' ');
  const scheme = value.slice(0, space + 1).toLowerCase();
  if (scheme === 'bearer ') return { scheme: 'bearer', token: value.slice(space + 1).trim() };
  if (scheme === 'basic ') return { scheme: 'basic', encoded: value.slice(space + 1).trim() };
  return { scheme: 'none' };
}

/**
 * Decodes HTTP Basic credentials (`base64(login:password)`, UTF-8; the password may contain colons).
 * @throws UnauthorizedError `Invalid login or password` for bad base64 or a missing colon (Ibexa answers 401).
 */
export function decodeBasicCredentials(encoded: string): { readonly login: string; readonly password: string } {
  let decoded: string;
  try {
    decoded = new TextDecoder().decode(Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0)));
  } catch {
    throw UnauthorizedError.invalidCredentials();
  }
  const separator = decoded.indexOf(':');
  if (separator < 0) throw UnauthorizedError.invalidCredentials();
  return { login: decoded.slice(0, separator), password: decoded.slice(separator + 1) };
}

/** Ibexa's default session cookie name: `IBX_SESSION_ID` + the md5 (hex) of the siteaccess name (default `site`). */
export function defaultSessionCookieName(siteAccess = 'site'): string {
  return `IBX_SESSION_ID${createHash('md5').update(siteAccess).digest('hex')}`;
}

/**
 * The value of cookie `name` in a `Cookie` header, or null: the first occurrence wins, surrounding quotes are
 * dropped and the value is URI-decoded (kept raw when it is not valid URI encoding).
 */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Any request with header access, e.g. an Express `Request` (`req.get(name)`, case-insensitive). */
export interface HeaderSource {
  get(name: string): string | undefined;
}

/** The session cookie (named `cookieName`) and `Authorization` header of a request, as {@link RequestCredentials}. */
export function readRequestCredentials(request: HeaderSource, cookieName: string): { readonly sessionId: string | null; readonly authorization: string | null } {
  return { sessionId: readCookie(request.get('cookie'), cookieName), authorization: request.get('authorization') ?? null };
}
