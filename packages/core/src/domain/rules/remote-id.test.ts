import { describe, expect, it } from '@jest/globals';
import { remoteIdKey, sameRemoteId } from './remote-id.js';

describe('remote id keys', () => {
  it('fold ASCII letters only', () => {
    expect(remoteIdKey('ABC-def_09')).toBe('abc-def_09');
    expect(remoteIdKey('ÉTÉ-Ä')).toBe('ÉtÉ-Ä');
    expect(sameRemoteId('ABC', 'abc')).toBe(true);
    expect(sameRemoteId('été', 'ÉTÉ')).toBe(false);
    expect(sameRemoteId('abc', 'abd')).toBe(false);
  });
});
