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

  it('does not store a value loaded before an invalidation that would have dropped it', () => {
    const cache = new ExpiringCache<number>(10);
    const stamp = cache.stamp;
    cache.deleteWhere((value) => value === 1);
    cache.set('a', 1, 100, stamp);
    cache.set('b', 2, 100, stamp);
    expect([cache.get('a', 0), cache.get('b', 0)]).toEqual([undefined, 2]);
    const before = cache.stamp;
    cache.delete('c');
    cache.set('c', 3, 100, before);
    cache.set('d', 4, 100, before);
    expect([cache.get('c', 0), cache.get('d', 0)]).toEqual([undefined, 4]);
    const beforeClear = cache.stamp;
    cache.clear();
    cache.set('e', 5, 100, beforeClear);
    expect(cache.size).toBe(0);
  });

  it('stores nothing loaded before more invalidations than it remembers', () => {
    const cache = new ExpiringCache<number>(10);
    const stamp = cache.stamp;
    for (let index = 0; index < 100; index += 1) cache.delete(`other-${index}`);
    cache.set('a', 1, 100, stamp);
    expect(cache.get('a', 0)).toBeUndefined();
    cache.set('a', 1, 100, cache.stamp);
    expect(cache.get('a', 0)).toBe(1);
  });
});
