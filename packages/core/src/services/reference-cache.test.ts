import { describe, expect, it } from '@jest/globals';
import { TtlCache } from './reference-cache.js';

describe('TtlCache', () => {
  it('keeps a loaded value for its TTL and forgets it on invalidate; a failed load is not kept', async () => {
    let time = 0;
    const cache = new TtlCache<string, number>(100, () => time);
    let loads = 0;
    const load = async () => (loads += 1);
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    time = 101;
    expect(await cache.get('k', load)).toBe(2);
    cache.invalidate('k');
    expect(await cache.get('k', load)).toBe(3);
    await expect(cache.get('f', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('f', load)).toBe(4);
  });

  it('never hands out a load in progress, and does not keep a load that an invalidation overtook', async () => {
    const cache = new TtlCache<string, string>(60_000);
    let finish: () => void = () => undefined;
    const pending = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const slow = cache.get('k', async () => {
      await pending;
      return 'slow';
    });
    expect(await cache.get('k', async () => 'own')).toBe('own');
    cache.invalidate();
    finish();
    expect(await slow).toBe('slow');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });
});
