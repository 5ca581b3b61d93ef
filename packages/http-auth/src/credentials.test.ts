import { describe, expect, it } from '@jest/globals';
import { decodeBasicCredentials, defaultSessionCookieName, parseAuthorization, readCookie } from './credentials.js';

describe('Authorization header', () => {
  it('recognises Bearer and Basic in any case, and nothing else', () => {
    expect(parseAuthorization('Bearer abc.def')).toEqual({ scheme: 'bearer', token: 'abc.def' });
    expect(parseAuthorization('  bearer   tok ')).toEqual({ scheme: 'bearer', token: 'tok' });
    expect(parseAuthorization('BASIC YTpi')).toEqual({ scheme: 'basic', encoded: 'YTpi' });
    for (const header of [undefined, null, '', 'Bearer', 'Digest x', 'Bearerx y']) expect(parseAuthorization(header)).toEqual({ scheme: 'none' });
  });

  it('decodes Basic credentials as UTF-8, splitting at the first colon', () => {
    expect(decodeBasicCredentials(Buffer.from('zoë:pa:ss').toString('base64'))).toEqual({ login: 'zoë', password: 'pa:ss' });
    expect(() => decodeBasicCredentials('%%%')).toThrow('Invalid login or password');
    expect(() => decodeBasicCredentials(btoa('nocolon'))).toThrow('Invalid login or password');
  });
});

describe('session cookie', () => {
  it("is named like Ibexa's: IBX_SESSION_ID + md5 of the siteaccess", () => {
    expect(defaultSessionCookieName()).toBe('IBX_SESSION_ID98defd6ee70dfb1dea416cecdf391f58');
    expect(defaultSessionCookieName('admin')).toBe('IBX_SESSION_ID21232f297a57a5a743894a0e4a801fc3');
  });

  it('is read from a Cookie header: first occurrence, unquoted, URI-decoded', () => {
    expect(readCookie('a=1; SID=abc; SID=def', 'SID')).toBe('abc');
    expect(readCookie('SID="quoted"', 'SID')).toBe('quoted');
    expect(readCookie('SID=a%2Fb', 'SID')).toBe('a/b');
    expect(readCookie('SID=100%', 'SID')).toBe('100%');
    expect(readCookie('XSID=1; SIDX=2', 'SID')).toBeNull();
    expect(readCookie(undefined, 'SID')).toBeNull();
  });
});
