import { describe, expect, it } from '@jest/globals';
import { crc32 } from './limitations.js';

describe('crc32', () => {
  it('matches the SiteAccess limitation value of the clean install (crc32 of "site")', () => {
    expect(crc32('site')).toBe('1766001124');
  });
});
