import { systemRandom } from './platform-ports.js';

/** `bytes` random bytes as lower-case hex (from {@link systemRandom}, Web Crypto). */
export function randomHex(bytes: number): string {
  return Array.from(systemRandom.bytes(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A new remote id: 32 hex characters, like Ibexa's md5-based ones (from a random UUID's 122 random bits). */
export const newRemoteId = (): string => globalThis.crypto.randomUUID().replaceAll('-', '');
