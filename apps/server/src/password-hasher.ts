import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '@contentrepo/core';

const scrypt = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolvePromise, reject) =>
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolvePromise(key))),
  );

/** scrypt cost parameters: N = 2^15, r = 8, p = 1 (OWASP's minimum recommendation), 64-byte keys, 64 MiB max. */
const PARAMS = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 64;

/**
 * Passwords hashed with Node's scrypt (a memory-hard KDF), stored as `scrypt$N$r$p$<salt b64>$<key b64>`.
 * Hashes of any other form never verify (the clean install's anonymous account uses `!`).
 */
export function createScryptPasswordHasher(): PasswordHasher {
  return {
    async hash(plainPassword) {
      const salt = randomBytes(16);
      const key = await scrypt(plainPassword, salt, KEY_LENGTH, PARAMS);
      return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
    },
    async verify(plainPassword, hash) {
      const [scheme, n, r, p, salt, key] = hash.split('$');
      if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
      const expected = Buffer.from(key, 'base64');
      const actual = await scrypt(plainPassword, Buffer.from(salt, 'base64'), expected.length, {
        N: Number(n),
        r: Number(r),
        p: Number(p),
        maxmem: PARAMS.maxmem,
      });
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
