import { describe, expect, it } from '@jest/globals';
import { ExpiringCache } from './expiring-cache.js';

describe('ExpiringCache', () => {
  it('answers entries until their expiry time', () => {
    const cache = new ExpiringCache<string>(10);
    cache.set('a', 'A', 1000);
    expect(cache.get('a', 999)).toBe('A');
    expect(cache.get('a', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the oldest entry when full', () => {
    const cache = new ExpiringCache<number>(2);
    cache.set('a', 1, 100);
    cache.set('b', 2, 100);
    cache.set('a', 3, 100);
    cache.set('c', 4, 100);
    expect([cache.get('a', 0), cache.get('b', 0), cache.get('c', 0)]).toEqual([3, undefined, 4]);
    cache.delete('a');
    expect(cache.get('a', 0)).toBeUndefined();
  });
});
