/**
 * @contentrepo/http-auth — request authentication at the HTTP edge: session cookie + CSRF token, HTTP Basic,
 * Bearer JWT, `X-Expected-User`, and the session cache. Build it once per process and hand it to every adapter:
 *
 * ```ts
 * const auth = createHttpAuth({ repository, sessions, tokens: createJwtTokenService({ secret, ttlSeconds: 3600 }) });
 * app.use('/api/ibexa/v2', createRestRouter({ repository, auth }));
 * app.use('/graphql', await createGraphQLMiddleware({ repository, auth }));
 * ```
 */
export {
  createHttpAuth,
  HttpAuth,
  LoginThrottledError,
  LoginThrottleUnavailableError,
  type Authentication,
  type HttpAuthLogger,
  type HttpAuthOptions,
  type RequestAuthentication,
} from './http-auth.js';
export {
  createLoginThrottle,
  DEFAULT_LOGIN_BLOCK_SECONDS,
  DEFAULT_LOGIN_MAX_FAILURES,
  DEFAULT_LOGIN_MAX_FAILURES_PER_ADDRESS,
  DEFAULT_LOGIN_WINDOW_SECONDS,
  serveLoginThrottleToWorkers,
  type LoginThrottle,
  type LoginThrottleOptions,
  type LoginThrottleStore,
} from './login-throttle.js';
export {
  decodeBasicCredentials,
  defaultSessionCookieName,
  parseAuthorization,
  readCookie,
  readRequestCredentials,
  type AuthorizationHeader,
  type HeaderSource,
  type RequestCredentials,
} from './credentials.js';
export { deletedCookieHeader, DELETED_COOKIE_AGE_SECONDS } from './deleted-cookie.js';
export { createJwtTokenService, type JwtTokenServiceOptions } from './jwt-token-service.js';
export { urlToken } from './url-token.js';
/** Core's default ports, re-exported because this package documented them as its own before core had them. */
export { systemClock, systemRandom } from '@contentrepo/core';
