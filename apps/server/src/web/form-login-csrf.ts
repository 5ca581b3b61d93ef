import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The CSRF token of the login form (Symfony's `form_login` checks one, `_csrf_token`, before any password): a signed
 * double-submit token. The form's first GET gets a random nonce in an HttpOnly cookie and a token in the form,
 * `<issued at, seconds>.<HMAC-SHA256 of nonce and time>`; the POST must bring both, the token signed for that nonce
 * and at most {@link LOGIN_CSRF_MAX_AGE_SECONDS} old. A cross-site page can neither read the token nor set the
 * cookie, and nothing is stored on the server. The key is derived from `JWT_SECRET` when set (so that every node
 * and worker of a deployment accepts the others' forms: a cluster's workers share one), else random per process.
 */

/** How long a login form may be left open before posting it, in seconds. */
export const LOGIN_CSRF_MAX_AGE_SECONDS = 7200;

/** Name of the cookie holding the form's nonce. */
export const LOGIN_CSRF_COOKIE = 'CONTENTREPO_LOGIN_CSRF';

/** Issues and checks login form tokens. */
export interface LoginCsrf {
  /** A token for the nonce of the browser's cookie (reused while valid) or a new nonce; set the cookie to `nonce`. */
  issue(nonce: string | null): { readonly nonce: string; readonly token: string };
  /** Whether `token` was issued for `nonce` by this deployment and is still valid. */
  verify(nonce: string | null, token: string | null): boolean;
}

/** A nonce as issued: 32 random bytes, base64url. */
const NONCE = /^[A-Za-z0-9_-]{43}$/;

/** Builds the token service; `secret` is `JWT_SECRET` (undefined: a random key of this process). `now` is for tests. */
export function createLoginCsrf(secret: string | undefined, now: () => number = Date.now): LoginCsrf {
  const key = secret === undefined ? randomBytes(32) : createHash('sha256').update(`contentrepo login form\0${secret}`).digest();
  const sign = (nonce: string, issuedAt: number): string => createHmac('sha256', key).update(`${nonce}.${issuedAt}`).digest('base64url');
  return {
    issue(nonce) {
      const kept = nonce !== null && NONCE.test(nonce) ? nonce : randomBytes(32).toString('base64url');
      const issuedAt = Math.floor(now() / 1000);
      return { nonce: kept, token: `${issuedAt}.${sign(kept, issuedAt)}` };
    },
    verify(nonce, token) {
      if (nonce === null || token === null || !NONCE.test(nonce)) return false;
      const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return false;
      const issuedAt = Number(match[1]);
      const age = Math.floor(now() / 1000) - issuedAt;
      if (age < 0 || age > LOGIN_CSRF_MAX_AGE_SECONDS) return false;
      return timingSafeEqual(Buffer.from(sign(nonce, issuedAt)), Buffer.from(match[2] ?? ''));
    },
  };
}
