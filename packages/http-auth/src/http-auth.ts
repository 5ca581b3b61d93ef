import {
  FALLBACK_CACHE_TTL_MS,
  isRepositoryError,
  systemClock,
  systemRandom,
  UnauthorizedError,
  type ChangeEvent,
  type ChangeFeed,
  type Clock,
  type RandomSource,
  type Repository,
  type Session,
  type SessionStore,
  type TokenService,
  type User,
  type VerifiedToken,
} from '@contentrepo/core';
import {
  decodeBasicCredentials,
  defaultSessionCookieName,
  parseAuthorization,
  readRequestCredentials,
  type HeaderSource,
  type RequestCredentials,
} from './credentials.js';
import { deletedCookieHeader } from './deleted-cookie.js';
import { ExpiringCache } from './expiring-cache.js';
import type { LoginThrottle } from './login-throttle.js';
import { SessionCache } from './session-cache.js';

/** Options of {@link createHttpAuth}: how requests may authenticate, for every adapter of the process. */
export interface HttpAuthOptions {
  /** The repository (as built by `createRepository`): the login check, the anonymous user, logins for `X-Expected-User`. */
  readonly repository: Repository;
  /** Where login sessions live (shared by every server node). */
  readonly sessions: SessionStore;
  /** Session lifetime in seconds (default 3600), extended while the session is used. */
  readonly sessionTtlSeconds?: number;
  /** Accept `Authorization: Basic` (default false, as in Ibexa). */
  readonly basicAuth?: boolean;
  /** Verifies `Authorization: Bearer <jwt>` (and issues tokens, e.g. GraphQL's `createToken`); absent: Bearer is ignored. */
  readonly tokens?: TokenService;
  /** Session cookie name (default Ibexa's `IBX_SESSION_ID<md5('site')>`). */
  readonly sessionCookieName?: string;
  /**
   * Announcements of committed changes from every node (the persistence's change feed). With it, a session closed
   * on any node is dropped from this process's cache as soon as its deletion is announced, and cached Basic
   * credentials as soon as their user changes (password, enabled flag, deletion); the cache lifetimes are then
   * only a fallback for a missed announcement.
   */
  readonly changes?: ChangeFeed;
  /**
   * How long a loaded session is reused without asking the store again, in milliseconds (0 disables). Default
   * 2000; with `changes`, `FALLBACK_CACHE_TTL_MS` (60 s). A logout through this process takes effect at once; on
   * other nodes when it is announced, or without `changes` after at most this delay.
   */
  readonly sessionCacheTtlMs?: number;
  /**
   * How long verified Basic credentials are reused without checking the password again, in milliseconds (default
   * 60,000; 0 disables). Without `changes`, a password changed (or a user disabled) on another node is still
   * accepted for this long.
   */
  readonly basicCacheTtlMs?: number;
  /**
   * How long the state of a user (exists, enabled, password date) is reused for the revocation check of sessions
   * and Bearer tokens, in milliseconds (0 disables). Default as `sessionCacheTtlMs`: with `changes` the entry is
   * dropped as soon as the user's content change is announced, so a disabled, deleted or re-passworded user is
   * refused at once on every node; without `changes`, after at most this delay on other nodes.
   */
  readonly userCacheTtlMs?: number;
  /** Time source (default core's `systemClock`). */
  readonly clock?: Clock;
  /** Randomness for session ids and CSRF tokens (default core's `systemRandom`, Web Crypto). */
  readonly random?: RandomSource;
  /**
   * Failed-login throttling of every password check (session login, Basic, GraphQL `createToken`), e.g.
   * `await createLoginThrottle({ store })`; absent: no throttling.
   */
  readonly loginThrottle?: LoginThrottle;
  /** Where failed logins are reported, at `warn` with the login name and client address (pino-compatible). */
  readonly logger?: HttpAuthLogger;
  /**
   * Told the user (content id; the anonymous user's for a request without credentials) each request of
   * {@link HttpAuth.authenticateRequest} runs as, in that request's async context: e.g. to put the user id into
   * the request's log lines. Must not throw.
   */
  readonly onAuthenticated?: (userId: number) => void;
}

/** Minimal logger contract (pino-compatible). */
export interface HttpAuthLogger {
  warn(details: object, message: string): void;
  /** Infrastructure failures (the login throttle's counter store unreachable); `warn` is used when absent. */
  error?(details: object, message: string): void;
}

/**
 * A login refused because its account and address, or its address, failed too often: HTTP 429 Too Many Requests
 * with `Retry-After: retryAfterSeconds` (REST: an ErrorMessage; GraphQL: code `TOO_MANY_REQUESTS`).
 */
export class LoginThrottledError extends Error {
  constructor(
    /** Seconds (≥ 1) until the client may try again. */
    readonly retryAfterSeconds: number,
  ) {
    super(`Too many failed login attempts; try again in ${retryAfterSeconds} seconds`);
    this.name = 'LoginThrottledError';
  }
}

/**
 * A login refused because the failed-login counters cannot be read or written (e.g. their PostgreSQL table is
 * unreachable): throttling fails closed, so no password is checked without them. HTTP 503 Service Unavailable with
 * `Retry-After: retryAfterSeconds` (REST: an ErrorMessage; GraphQL: code `SERVICE_UNAVAILABLE`); the cause is logged
 * at `error` by {@link HttpAuth.login}, and is not part of the message.
 */
export class LoginThrottleUnavailableError extends Error {
  /** Seconds a client should wait before trying again. */
  readonly retryAfterSeconds = THROTTLE_UNAVAILABLE_RETRY_SECONDS;
  constructor() {
    super('Logins are temporarily unavailable; try again later');
    this.name = 'LoginThrottleUnavailableError';
  }
}

/** `Retry-After` of a {@link LoginThrottleUnavailableError}, in seconds. */
const THROTTLE_UNAVAILABLE_RETRY_SECONDS = 30;

/** Address used when a request's client address is unknown. */
const UNKNOWN_ADDRESS = 'unknown';

/** Who a request runs as, and how it authenticated. */
export interface Authentication {
  /** Content id of the user the request acts for (the anonymous user when it carried no credentials). */
  readonly userId: number;
  /** The session of a cookie-authenticated request, else null. */
  readonly session: Session | null;
  readonly via: 'session' | 'basic' | 'bearer' | 'anonymous';
}

/** {@link Authentication} of an HTTP request, plus the session cookie it sent (valid or not), e.g. for logout. */
export interface RequestAuthentication extends Authentication {
  readonly sessionCookie: string | null;
}

/**
 * What the revocation check needs of a user: null when the user no longer exists, else whether the account is
 * enabled and when its password was last set (null: never changed since installation).
 */
type UserState = { readonly enabled: boolean; readonly passwordUpdatedAt: Date | null } | null;

/** Default of `basicCacheTtlMs`: verified Basic credentials are reused for a minute. */
const BASIC_CACHE_TTL_MS = 60_000;
const BASIC_CACHE_SIZE = 1_000;
/** Most users whose revocation state is cached (the oldest is dropped first). */
const USER_CACHE_SIZE = 10_000;

/**
 * Request authentication at the edge, built once per process and handed to every adapter (REST, GraphQL), so all
 * doors authenticate alike and share one session cache. Resolves the user of a request as Ibexa does: a valid
 * session cookie, else a Bearer token (when `tokens` is set), else HTTP Basic (when enabled), else the anonymous
 * user — who gets no 401 at the door: permission checks answer later. Also opens and closes sessions and checks
 * CSRF tokens and `X-Expected-User`.
 */
export class HttpAuth {
  /** Name of the session cookie. */
  readonly cookieName: string;
  /** The token service (Bearer verification, token issuing), or null when tokens are not configured. */
  readonly tokens: TokenService | null;
  private readonly sessions: SessionCache;
  private readonly basicCache = new ExpiringCache<number>(BASIC_CACHE_SIZE);
  /** Revocation state by user id (as a string key); see {@link HttpAuth.isRevoked}. */
  private readonly userStates = new ExpiringCache<UserState>(USER_CACHE_SIZE);
  private readonly userCacheTtlMs: number;
  private readonly clock: Clock;

  constructor(private readonly options: HttpAuthOptions) {
    this.cookieName = options.sessionCookieName ?? defaultSessionCookieName();
    this.tokens = options.tokens ?? null;
    this.clock = options.clock ?? systemClock;
    const reuseMs = options.sessionCacheTtlMs ?? (options.changes ? FALLBACK_CACHE_TTL_MS : 2000);
    this.userCacheTtlMs = options.userCacheTtlMs ?? reuseMs;
    this.sessions = new SessionCache({
      store: options.sessions,
      ttlSeconds: options.sessionTtlSeconds ?? 3600,
      reuseMs,
      clock: this.clock,
      random: options.random ?? systemRandom,
    });
    options.changes?.subscribe((event) => this.dropChanged(event));
  }

  /**
   * What an announced change drops: `session` the cached sessions of that user, `content` everything cached about
   * that user — Basic credentials, revocation state and sessions (users are content: a password, enabled flag or
   * deletion changes their content, and the persistence deletes their sessions in the same write) — and `flush`
   * every cache whole.
   */
  private dropChanged(event: ChangeEvent): void {
    switch (event.kind) {
      case 'flush':
        this.sessions.forgetAll();
        this.basicCache.clear();
        this.userStates.clear();
        return;
      case 'session':
        this.sessions.forgetUser(event.id);
        return;
      case 'content':
        this.forgetUser(event.id);
        return;
      default:
        return;
    }
  }

  /**
   * Drops everything this process caches about a user (Basic credentials, revocation state, sessions). Called for
   * every announced content change of the user; a node that changed a user itself may call it at once.
   */
  forgetUser(userId: number): void {
    this.basicCache.deleteWhere((cached) => cached === userId);
    this.userStates.delete(String(userId));
    this.sessions.forgetUser(userId);
  }

  /**
   * Who `credentials` authenticate as. An unknown or expired session cookie is ignored (next method); so is the
   * session of a user who has since been disabled or deleted, or whose password changed after the session was
   * opened (as Ibexa, whose user provider refreshes the user on every request and logs out a changed one); so are
   * an `Authorization` scheme that is not enabled and any other scheme.
   * @throws UnauthorizedError `Invalid login or password` for wrong Basic credentials or an invalid Bearer token —
   *   also a token of a user who has since been disabled or deleted, or issued before the user's password changed.
   *   `clientAddress` is the address Basic logins are throttled by (see {@link login}).
   * @throws LoginThrottledError for Basic credentials while their account and address are throttled.
   */
  async authenticate(credentials: RequestCredentials, clientAddress?: string | null): Promise<Authentication> {
    if (credentials.sessionId) {
      const session = await this.sessions.load(credentials.sessionId);
      if (session && !(await this.isRevoked(session.userId, session.createdAt))) return { userId: session.userId, session, via: 'session' };
    }
    const authorization = parseAuthorization(credentials.authorization);
    if (authorization.scheme === 'bearer' && this.tokens) {
      const token = await this.tokens.verify(authorization.token);
      if (token === null || (await this.isRevoked(token.userId, token.issuedAt, token))) throw UnauthorizedError.invalidCredentials();
      return { userId: token.userId, session: null, via: 'bearer' };
    }
    if (authorization.scheme === 'basic' && this.options.basicAuth === true) {
      return { userId: await this.basicUser(authorization.encoded, clientAddress ?? null), session: null, via: 'basic' };
    }
    return { userId: this.options.repository.anonymousUserId, session: null, via: 'anonymous' };
  }

  /**
   * {@link authenticate} for an HTTP request (e.g. an Express `Request`): reads its session cookie and
   * `Authorization` header; its `ip` (Express's client address, which honours `trust proxy`) is the address Basic
   * logins are throttled by.
   * @throws UnauthorizedError as {@link authenticate}.
   * @throws LoginThrottledError as {@link authenticate}.
   */
  async authenticateRequest(request: HeaderSource & { readonly ip?: string | undefined }): Promise<RequestAuthentication> {
    const credentials = this.credentialsOf(request);
    const authentication = await this.authenticate(credentials, request.ip);
    this.options.onAuthenticated?.(authentication.userId);
    return { ...authentication, sessionCookie: credentials.sessionId };
  }

  /**
   * The password check of every login (REST session login, Basic, GraphQL `createToken`): core's
   * `userService.authenticate`, throttled per account and client address when `loginThrottle` is set. A refused
   * pair is not checked at all; a wrong login or password is counted and logged at `warn` (login name and address,
   * never the password); a success forgets the failures of the pair.
   * @throws LoginThrottledError (429) while the pair or the address is over its limit.
   * @throws LoginThrottleUnavailableError (503) when the throttle's counters cannot be read or a failure cannot be
   *   counted (fail closed; the cause is logged at `error`). A success that cannot reset its count is only logged.
   * @throws UnauthorizedError / NotFoundError as core's login check for wrong credentials, unknown or disabled users.
   */
  async login(login: string, password: string, clientAddress: string | null | undefined): Promise<User> {
    const address = clientAddress || UNKNOWN_ADDRESS;
    const throttle = this.options.loginThrottle;
    if (throttle) {
      const waitSeconds = await this.counting(() => throttle.blockedFor(login, address), login, address);
      if (waitSeconds > 0) {
        this.options.logger?.warn({ login, address, retryAfterSeconds: waitSeconds }, 'Login refused: too many failed attempts');
        throw new LoginThrottledError(waitSeconds);
      }
    }
    let user: User;
    try {
      user = await this.options.repository.userService.authenticate(login, password);
    } catch (error) {
      if (isRepositoryError(error) && (error.code === 'Unauthorized' || error.code === 'NotFound')) {
        const blockedSeconds = throttle ? await this.counting(() => throttle.recordFailure(login, address), login, address) : 0;
        this.options.logger?.warn({ login, address, ...(blockedSeconds > 0 ? { blockedSeconds } : {}) }, 'Failed login');
      }
      throw error;
    }
    if (throttle) {
      // The password was right: failing to forget earlier failures only leaves them counted until the window ends.
      await throttle.recordSuccess(login, address).catch((error: unknown) => this.logThrottleFailure(error, login, address));
    }
    return user;
  }

  /**
   * Runs a read or count of the login throttle; when its store fails, logs the cause at `error` and fails closed.
   * @throws LoginThrottleUnavailableError (503) instead of the store's error.
   */
  private async counting<T>(step: () => Promise<T>, login: string, address: string): Promise<T> {
    try {
      return await step();
    } catch (error) {
      this.logThrottleFailure(error, login, address);
      throw new LoginThrottleUnavailableError();
    }
  }

  private logThrottleFailure(error: unknown, login: string, address: string): void {
    const logger = this.options.logger;
    const details = { err: error, login, address };
    const message = 'Login throttling unavailable: the failed-login counters cannot be reached';
    if (logger?.error) logger.error(details, message);
    else logger?.warn(details, message);
  }

  /** The session cookie value and `Authorization` header of a request (null when absent). */
  credentialsOf(request: HeaderSource): { readonly sessionId: string | null; readonly authorization: string | null } {
    return readRequestCredentials(request, this.cookieName);
  }

  /**
   * Opens a session for a user who just logged in (lifetime `sessionTtlSeconds`). `passwordUpdatedAt` is the date
   * of the password they logged in with: the session counts as opened no earlier than it (see
   * {@link SessionCache.open}), so that it outlives the revocation of sessions older than that password.
   */
  openSession(userId: number, passwordUpdatedAt: Date | null = null): Promise<Session> {
    return this.sessions.open(userId, passwordUpdatedAt);
  }

  /**
   * The `Set-Cookie` value that deletes the session cookie (or the cookie `name`) in Symfony's form, dated by this
   * authentication's clock (see {@link deletedCookieHeader}; Ibexa 4.6 logout).
   */
  deletedCookieHeader(name: string = this.cookieName): string {
    return deletedCookieHeader(name, this.clock.now());
  }

  /** Ends a session (logout): removes it from the store and from this process's cache, for every adapter at once. */
  closeSession(sessionId: string): Promise<void> {
    return this.sessions.close(sessionId);
  }

  /**
   * Unsafe requests of a session must carry its CSRF token (Ibexa's `X-CSRF-Token`); compared in constant time.
   * @throws UnauthorizedError `Missing or invalid CSRF token`
   */
  assertCsrf(session: Session, token: string | null | undefined): void {
    if (!token || !constantTimeEqual(token, session.csrfToken)) {
      throw new UnauthorizedError('user', 'csrf', {}, 'Missing or invalid CSRF token');
    }
  }

  /**
   * `X-Expected-User`: when present and non-empty, the current user must be logged in with exactly that login
   * (the anonymous user never matches), as in Ibexa.
   * @throws UnauthorizedError `Expectation failed. User changed.`
   */
  async assertExpectedUser(expected: string | null | undefined, userId: number): Promise<void> {
    if (!expected) return;
    const { repository } = this.options;
    const login =
      userId === repository.anonymousUserId
        ? null
        : await repository.sudo(async (sudo) => (await sudo.userService.loadUser(userId)).login).catch(() => null);
    if (login === null || login !== expected) throw new UnauthorizedError('user', 'expected', {}, 'Expectation failed. User changed.');
  }

  /**
   * Whether credentials of `userId` issued at `issuedAt` are no longer valid: the user was deleted or disabled, or
   * their password changed later (a Bearer token that carries the password date it was issued under must carry the
   * current one; dates have second precision, so a session or token of the same second as the change is kept only
   * when it says so). The user's state comes from a cache that drops the user on their next content change, so a
   * request normally costs one map look-up.
   */
  private async isRevoked(userId: number, issuedAt: Date, token?: VerifiedToken): Promise<boolean> {
    const state = await this.userState(userId);
    if (state === null || !state.enabled) return true;
    const changedAt = state.passwordUpdatedAt?.getTime() ?? null;
    if (token && token.passwordUpdatedAt !== undefined) return (token.passwordUpdatedAt?.getTime() ?? null) !== changedAt;
    return changedAt !== null && issuedAt.getTime() < changedAt;
  }

  /** The revocation state of a user: cached, else loaded (as the repository's administrator). */
  private async userState(userId: number): Promise<UserState> {
    const key = String(userId);
    const now = this.clock.now().getTime();
    const cached = this.userStates.get(key, now);
    if (cached !== undefined) return cached;
    const stamp = this.userStates.stamp;
    let state: UserState;
    try {
      const user = await this.options.repository.sudo((sudo) => sudo.userService.loadUser(userId));
      state = { enabled: user.enabled, passwordUpdatedAt: user.passwordUpdatedAt };
    } catch (error) {
      if (!isRepositoryError(error) || error.code !== 'NotFound') throw error;
      state = null;
    }
    if (this.userCacheTtlMs > 0) this.userStates.set(key, state, now + this.userCacheTtlMs, stamp);
    return state;
  }

  /**
   * The user of Basic credentials, checked by {@link login} (throttled) and then reused for `basicCacheTtlMs` (or until
   * the user changes, with a change feed).
   */
  private async basicUser(encoded: string, clientAddress: string | null): Promise<number> {
    const cached = this.basicCache.get(encoded, this.clock.now().getTime());
    if (cached !== undefined) return cached;
    const stamp = this.basicCache.stamp;
    const { login, password } = decodeBasicCredentials(encoded);
    const user = await this.login(login, password, clientAddress);
    const ttlMs = this.options.basicCacheTtlMs ?? BASIC_CACHE_TTL_MS;
    if (ttlMs > 0) this.basicCache.set(encoded, user.contentInfo.id, this.clock.now().getTime() + ttlMs, stamp);
    return user.contentInfo.id;
  }
}

/** Builds the {@link HttpAuth} of a process: call once in the composition root and pass it to every adapter. */
export function createHttpAuth(options: HttpAuthOptions): HttpAuth {
  return new HttpAuth(options);
}

function constantTimeEqual(left: string, right: string): boolean {
  if (left.length !== right.length) return false;
  let difference = 0;
  for (let index = 0; index < left.length; index += 1) difference |= left.charCodeAt(index) ^ right.charCodeAt(index);
  return difference === 0;
}
