import { systemClock, type Clock, type TokenService } from '@contentrepo/core';
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
 * tokens: claims `{iat, exp, roles: ["ROLE_USER"], username}`, plus `sub` = the user's content id; `iat`/`exp` in
 * seconds. `verify` answers the user id of a valid, unexpired token, else null.
 * @throws Error when the secret is shorter than 32 bytes.
 */
export function createJwtTokenService(options: JwtTokenServiceOptions): TokenService {
  const key = typeof options.secret === 'string' ? new TextEncoder().encode(options.secret) : options.secret;
  if (key.length < 32) throw new Error('The JWT secret must be at least 32 bytes long');
  const clock = options.clock ?? systemClock;
  return {
    async issue(userId, login) {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      const expiresAt = issuedAt + options.ttlSeconds;
      const token = await new SignJWT({ roles: ['ROLE_USER'], username: login })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt: new Date(expiresAt * 1000) };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock.now() });
        const userId = Number(payload.sub);
        return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
      } catch {
        return null;
      }
    },
  };
}
