import type { RandomSource } from '@contentrepo/core';

/**
 * A URL-safe token: `bytes` bytes from `random` as base64url without padding (RFC 4648, section 5; 24 bytes, the
 * default, give 32 characters). Used for session ids and CSRF tokens.
 */
export function urlToken(random: RandomSource, bytes = 24): string {
  return Buffer.from(random.bytes(bytes)).toString('base64url');
}
