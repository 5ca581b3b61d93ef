import { describe, expect, it } from '@jest/globals';
import { systemClock, systemRandom } from './platform-ports.js';

describe('platform ports', () => {
  it('systemClock reads the current time', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('systemRandom gives fresh bytes of any length, beyond one getRandomValues call too', () => {
    expect(systemRandom.bytes(0)).toEqual(new Uint8Array());
    const first = systemRandom.bytes(32);
    expect(first).toHaveLength(32);
    expect(systemRandom.bytes(32)).not.toEqual(first);
    const large = systemRandom.bytes(65_536 * 2 + 10);
    expect(large).toHaveLength(131_082);
    // Each call's part is filled (all zeros by chance: 2^-80 for the last 10 bytes).
    for (const start of [0, 65_536, 131_072]) expect(large.subarray(start, start + 10).some((byte) => byte !== 0)).toBe(true);
  });

  it('systemRandom refuses a negative or fractional count', () => {
    expect(() => systemRandom.bytes(-1)).toThrow(RangeError);
    expect(() => systemRandom.bytes(1.5)).toThrow(RangeError);
  });
});
