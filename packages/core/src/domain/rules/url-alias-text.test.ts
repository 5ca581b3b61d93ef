import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { md5 } from './md5.js';
import { parseUrlAliasId, pathSegments, segmentKey, urlAliasId, urlAliasSegment } from './url-alias-text.js';

describe('md5', () => {
  it('matches known vectors and node:crypto on random strings', () => {
    expect(md5('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5('The quick brown fox jumps over the lazy dog')).toBe('9e107d9d372bb6826bd81d3542a419d6');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(md5(text)).toBe(createHash('md5').update(text, 'utf8').digest('hex'));
      }),
      { seed: 5, numRuns: 300 },
    );
  });
});

describe('URL alias text', () => {
  it('turns names into segments like the clean-install aliases', () => {
    expect(urlAliasSegment('Guest accounts')).toBe('Guest-accounts');
    expect(urlAliasSegment('Administrator User')).toBe('Administrator-User');
    expect(urlAliasSegment('  Hello, World!  ')).toBe('Hello-World');
    expect(urlAliasSegment('Zażółć gęślą')).toBe('Zażółć-gęślą');
    expect(urlAliasSegment('!!!')).toBe('_1');
  });

  it('keys segments case-insensitively and formats REST ids', () => {
    expect(segmentKey('Users')).toBe(segmentKey('users'));
    expect(urlAliasId(0, segmentKey(''))).toBe('0-d41d8cd98f00b204e9800998ecf8427e');
    expect(parseUrlAliasId('12-7ade12329f398e8e9ed984f2db6be2c4')).toEqual({ parentId: 12, textMd5: '7ade12329f398e8e9ed984f2db6be2c4' });
    expect(parseUrlAliasId('x-12')).toBeNull();
  });

  it('splits paths into segments', () => {
    expect(pathSegments('/')).toEqual(['']);
    expect(pathSegments('/Media/Images/')).toEqual(['Media', 'Images']);
    expect(pathSegments('a%20b/c')).toEqual(['a b', 'c']);
  });
});
