import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { prefixUpperBound } from './path-range.js';

describe('prefixUpperBound', () => {
  it('increments the last character, so /1/2/ ends before /1/20', () => {
    expect(prefixUpperBound('/1/2/')).toBe('/1/20');
    expect(prefixUpperBound('/1/')).toBe('/10');
    expect(prefixUpperBound('')).toBeNull();
  });

  it('makes [prefix, upper) exactly the strings starting with prefix (path alphabet)', () => {
    const path = fc
      .array(fc.integer({ min: 1, max: 250 }), { minLength: 1, maxLength: 5 })
      .map((ids) => `/${ids.join('/')}/`);
    fc.assert(
      fc.property(path, path, (prefix, candidate) => {
        const upper = prefixUpperBound(prefix);
        const inRange = upper !== null && candidate >= prefix && candidate < upper;
        expect(inRange).toBe(candidate.startsWith(prefix));
      }),
      { numRuns: 2000 },
    );
  });
});
