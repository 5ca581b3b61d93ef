import { systemRandom } from '@contentrepo/core';
import { describe, expect, it } from '@jest/globals';
import { urlToken } from './url-token.js';
import { countingRandom } from './test-support.js';

describe('URL tokens', () => {
  it('are the base64url text of the random bytes, 32 characters for the default 24 bytes', () => {
    expect(urlToken(countingRandom(), 3)).toBe(Buffer.from([0, 1, 2]).toString('base64url'));
    const token = urlToken(systemRandom);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(urlToken(systemRandom)).not.toBe(token);
  });
});
