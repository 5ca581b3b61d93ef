/** `bytes` random bytes as lower-case hex (Web Crypto, available in every supported runtime). */
export function randomHex(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  return Array.from(buffer, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A new remote id: 32 hex characters, like Ibexa's md5-based ones (from a random UUID's 122 random bits). */
export const newRemoteId = (): string => globalThis.crypto.randomUUID().replaceAll('-', '');
