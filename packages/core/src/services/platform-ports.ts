import type { Clock, RandomSource } from '../spi/ports.js';

/**
 * The system clock (`new Date()`): the default {@link Clock} of `createRepository`, of http-auth and of
 * persistence's session store. The one definition, so that every package reads time the same way.
 */
export const systemClock: Clock = { now: () => new Date() };

/** Web Crypto's `getRandomValues` fills at most 65,536 bytes per call (the Web Crypto API's quota). */
const MAX_RANDOM_VALUES_BYTES = 65_536;

/**
 * The platform's cryptographically strong random number generator, Web Crypto's `crypto.getRandomValues` (present
 * in every supported runtime, Node 20 included; a platform API, not I/O, so core stays pure): the default
 * {@link RandomSource} of http-auth (session ids, CSRF tokens). Any `count` ≥ 0 is served, in calls of at most
 * 65,536 bytes.
 * @throws RangeError when `count` is negative or not an integer.
 */
export const systemRandom: RandomSource = {
  bytes(count) {
    if (!Number.isInteger(count) || count < 0) throw new RangeError(`Random byte count must be a non-negative integer, got ${count}`);
    const buffer = new Uint8Array(count);
    for (let offset = 0; offset < count; offset += MAX_RANDOM_VALUES_BYTES) {
      globalThis.crypto.getRandomValues(buffer.subarray(offset, Math.min(offset + MAX_RANDOM_VALUES_BYTES, count)));
    }
    return buffer;
  },
};
