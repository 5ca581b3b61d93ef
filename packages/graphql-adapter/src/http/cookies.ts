import { createHash } from 'node:crypto';

/** The default session cookie name, shared with the REST API: `IBX_SESSION_ID` + md5 of the siteaccess (graphql.md §5). */
export function defaultSessionCookieName(siteAccess = 'site'): string {
  return `IBX_SESSION_ID${createHash('md5').update(siteAccess).digest('hex')}`;
}

/** The value of cookie `name` in a `Cookie` header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
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
