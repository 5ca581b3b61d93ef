/**
 * E-mail address syntax of Ibexa's `EmailAddressValidator` (regex extent): a dot-atom or quoted local part,
 * `@`, then a host name with a TLD of at least two letters, a dotted IPv4 address, or a bracketed IPv4 literal.
 * Addresses longer than 254 characters are rejected before matching (RFC 5321 path limit).
 */
const ATOM = "[A-Za-z0-9_!#$%&'*+\\-~/^`|{}]+";
const LOCAL_PART = `(?:"[^"\\f\\n\\r\\t\\v\\b]+"|${ATOM}(?:\\.${ATOM})*)`;
const OCTET = '(?:25[0-5]|2[0-4][0-9]|[01]?[0-9]?[0-9])';
const IPV4 = `${OCTET}\\.${OCTET}\\.${OCTET}\\.${OCTET}`;
const HOST = '(?:[A-Za-z0-9-]+\\.)+[A-Za-z-]{2,}';
const EMAIL_PATTERN = new RegExp(`^${LOCAL_PART}@(?:\\[${IPV4}\\]|${IPV4}|${HOST})$`);

/** Whether `email` is a syntactically valid address per Ibexa's EmailAddressValidator. */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}
