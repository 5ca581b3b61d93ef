/** How far back Symfony dates the `expires` of a deleted cookie: one year (365 days) and one second. */
export const DELETED_COOKIE_AGE_SECONDS = 31_536_001;

/** Characters Symfony percent-encodes in a cookie name (`Cookie::RESERVED_CHARS_LIST`). */
const RESERVED_NAME_CHARS = /[=,; \t\r\n\v\f]/g;

/**
 * The `Set-Cookie` header value that deletes the cookie `name`, in the form Symfony's `Cookie::__toString` gives a
 * cookie without a value — what Ibexa 4.6 sends on logout and on a refresh of a session that is gone:
 * `<name>=deleted; expires=<now − 31 536 001 s as "D, d M Y H:i:s GMT">; Max-Age=0; path=/; httponly`.
 * `now` is the current time (the clock of the caller); the date is second-precise, in GMT.
 */
export function deletedCookieHeader(name: string, now: Date): string {
  const encodedName = name.replace(RESERVED_NAME_CHARS, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  const expires = new Date(Math.floor(now.getTime() / 1000) * 1000 - DELETED_COOKIE_AGE_SECONDS * 1000);
  return `${encodedName}=deleted; expires=${expires.toUTCString()}; Max-Age=0; path=/; httponly`;
}
