import { randomBytes } from 'node:crypto';
import type { Clock, RandomSource } from '@contentrepo/core';

/** The system clock: the default {@link Clock} of this package. */
export const systemClock: Clock = { now: () => new Date() };

/** The operating system's CSPRNG (`node:crypto` `randomBytes`): the default {@link RandomSource} of this package. */
export const systemRandom: RandomSource = { bytes: (count) => randomBytes(count) };

/**
 * A URL-safe token: `bytes` bytes from `random` as base64url without padding (24 bytes, the default, give 32
 * characters). Used for session ids and CSRF tokens.
 */
export function urlToken(random: RandomSource, bytes = 24): string {
  return Buffer.from(random.bytes(bytes)).toString('base64url');
}
