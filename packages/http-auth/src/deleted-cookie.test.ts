import { describe, expect, it } from '@jest/globals';
import { deletedCookieHeader } from './deleted-cookie.js';

describe('deleted cookie header', () => {
  it("renders Symfony's deleted cookie: value 'deleted', expires a year and a second ago (GMT), Max-Age=0, path, httponly", () => {
    expect(deletedCookieHeader('IBX_SESSION_IDabc', new Date('2026-11-26T10:40:30.750Z'))).toBe(
      'IBX_SESSION_IDabc=deleted; expires=Wed, 26 Nov 2025 10:40:29 GMT; Max-Age=0; path=/; httponly',
    );
    expect(deletedCookieHeader('S', new Date('1971-01-01T00:00:02Z'))).toBe('S=deleted; expires=Thu, 01 Jan 1970 00:00:01 GMT; Max-Age=0; path=/; httponly');
  });

  it('percent-encodes the characters Symfony reserves in cookie names', () => {
    expect(deletedCookieHeader('a b;c=d', new Date('2026-01-01T00:00:00Z'))).toMatch(/^a%20b%3Bc%3Dd=deleted; /);
  });
});
