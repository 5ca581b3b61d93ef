import { systemClock, type Clock, type TokenService, type VerifiedToken } from '@contentrepo/core';
import { jwtVerify, SignJWT } from 'jose';

/** Options of {@link createJwtTokenService}. */
export interface JwtTokenServiceOptions {
  /** HMAC secret (at least 32 bytes; a string is taken as UTF-8). */
  readonly secret: string | Uint8Array;
  /** Token lifetime in seconds (Ibexa/lexik default 3600). */
  readonly ttlSeconds: number;
  /** Time source for `iat`, `exp` and expiry checks (default core's `systemClock`). */
  readonly clock?: Clock;
}

/**
 * Core's `TokenService` port with HS256 JWTs signed by `jose`, shaped like Ibexa's (LexikJWTAuthenticationBundle)
 * tokens: claims `{iat, exp, roles: ["ROLE_USER"], username}`, plus `sub` = the user's content id and `pwd_at` = the
 * user's password date when issued (Unix seconds, null when never changed; absent when not given), so that a token
 * issued before a password change can be refused; `iat`/`exp` in seconds. `verify` answers what a valid, unexpired
 * token says ({@link VerifiedToken}), else null.
 * @throws Error when the secret is shorter than 32 bytes.
 */
export function createJwtTokenService(options: JwtTokenServiceOptions): TokenService {
  const key = typeof options.secret === 'string' ? new TextEncoder().encode(options.secret) : options.secret;
  if (key.length < 32) throw new Error('The JWT secret must be at least 32 bytes long');
  const clock = options.clock ?? systemClock;
  return {
    async issue(userId, login, passwordUpdatedAt) {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      const expiresAt = issuedAt + options.ttlSeconds;
      const stamp = passwordUpdatedAt === undefined ? {} : { pwd_at: passwordUpdatedAt === null ? null : Math.floor(passwordUpdatedAt.getTime() / 1000) };
      const token = await new SignJWT({ roles: ['ROLE_USER'], username: login, ...stamp })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt: new Date(expiresAt * 1000) };
    },
    async verify(token): Promise<VerifiedToken | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock.now(), requiredClaims: ['iat'] });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.iat !== 'number') return null;
        const issuedAt = new Date(payload.iat * 1000);
        if (!('pwd_at' in payload)) return { userId, issuedAt };
        const stamp = payload['pwd_at'];
        if (stamp === null) return { userId, issuedAt, passwordUpdatedAt: null };
        return typeof stamp === 'number' && Number.isSafeInteger(stamp) ? { userId, issuedAt, passwordUpdatedAt: new Date(stamp * 1000) } : null;
      } catch {
        return null;
      }
    },
  };
}
