import type { Repository } from '../api/services/repository.js';
import { UnauthorizedError } from '../errors/repository-error.js';
import type { Session, SessionStore, TokenService } from '../spi/ports.js';

/** How requests may authenticate (shared by every adapter). */
export interface AuthenticatorOptions {
  readonly repository: Repository;
  readonly sessions: SessionStore;
  /** Session lifetime in seconds, extended while the session is used. */
  readonly sessionTtlSeconds: number;
  /** Accept `Authorization: Basic` (off by default, as in Ibexa). */
  readonly basicAuth: boolean;
  /** Accept `Authorization: Bearer <jwt>` when given. */
  readonly tokens?: TokenService;
  /**
   * How long a loaded session is reused without asking the store again, in milliseconds (default 2000; 0 disables).
   * Logging out through this node takes effect at once; on other nodes after at most this delay.
   */
  readonly sessionCacheTtlMs?: number;
  readonly now?: () => number;
}

/** The credentials a request carries, as an adapter extracts them. */
export interface RequestCredentials {
  /** Value of the session cookie, if any. */
  readonly sessionId?: string | null;
  /** The `Authorization` header, if any. */
  readonly authorization?: string | null;
}

/** Who a request runs as, and how it authenticated. */
export interface Authentication {
  readonly userId: number;
  /** The session of a cookie-authenticated request. */
  readonly session: Session | null;
  readonly via: 'session' | 'basic' | 'bearer' | 'anonymous';
}

const BASIC_CACHE_TTL_MS = 60_000;
const BASIC_CACHE_SIZE = 1_000;
const SESSION_CACHE_SIZE = 10_000;

/** A random, URL-safe token with `bytes` of entropy. */
export function randomUrlToken(bytes = 24): string {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  let binary = '';
  for (const byte of buffer) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/**
 * Resolves the user of a request (search-auth-errors-data.md B.1–B.3): a valid session cookie, else a Bearer
 * token, else HTTP Basic when enabled, else the anonymous user (who has no 401 at the door: permission checks
 * answer later). Also opens sessions and checks CSRF tokens and `X-Expected-User`. Adapters (REST, GraphQL) parse
 * their transport and call this, so every door authenticates the same way.
 */
export class RequestAuthenticator {
  private readonly basicCache = new Map<string, { readonly userId: number; readonly expiresAt: number }>();
  private readonly sessionCache = new Map<string, { readonly session: Session; readonly reuseUntil: number }>();
  private readonly now: () => number;

  constructor(readonly options: AuthenticatorOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * @throws UnauthorizedError `Invalid login or password` for wrong Basic credentials or an invalid Bearer token.
   */
  async authenticate(credentials: RequestCredentials): Promise<Authentication> {
    if (credentials.sessionId) {
      const session = await this.loadSession(credentials.sessionId);
      if (session) return { userId: session.userId, session, via: 'session' };
    }
    const authorization = credentials.authorization?.trim() ?? '';
    const scheme = authorization.slice(0, authorization.indexOf(' ') + 1).toLowerCase();
    if (scheme === 'bearer ' && this.options.tokens) {
      const userId = await this.options.tokens.verify(authorization.slice(7).trim());
      if (userId === null) throw UnauthorizedError.invalidCredentials();
      return { userId, session: null, via: 'bearer' };
    }
    if (scheme === 'basic ' && this.options.basicAuth) {
      return { userId: await this.basicUser(authorization.slice(6).trim()), session: null, via: 'basic' };
    }
    return { userId: this.options.repository.anonymousUserId, session: null, via: 'anonymous' };
  }

  /** Ends a session (logout): removes it from the store and from this node's cache. */
  async closeSession(sessionId: string): Promise<void> {
    this.sessionCache.delete(sessionId);
    await this.options.sessions.delete(sessionId);
  }

  /** Opens a session for a user who just logged in. */
  async openSession(userId: number): Promise<Session> {
    const now = this.now();
    const session: Session = {
      id: randomUrlToken(),
      userId,
      csrfToken: randomUrlToken(),
      createdAt: new Date(now),
      expiresAt: new Date(now + this.options.sessionTtlSeconds * 1000),
    };
    await this.options.sessions.create(session);
    return session;
  }

  /**
   * Unsafe requests of a session must carry its CSRF token (B.3).
   * @throws UnauthorizedError `Missing or invalid CSRF token`
   */
  assertCsrf(session: Session, token: string | null | undefined): void {
    if (!token || !constantTimeEqual(token, session.csrfToken)) {
      throw new UnauthorizedError('user', 'csrf', {}, 'Missing or invalid CSRF token');
    }
  }

  /**
   * `X-Expected-User`: when present and non-empty, the current user must be logged in with that login (B.3).
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

  /** A live session by id: from the short-lived cache, else from the store (extending it when half used). */
  private async loadSession(sessionId: string): Promise<Session | null> {
    const now = this.now();
    const cached = this.sessionCache.get(sessionId);
    if (cached && cached.reuseUntil > now && cached.session.expiresAt.getTime() > now) return cached.session;
    this.sessionCache.delete(sessionId);
    let session = await this.options.sessions.load(sessionId);
    if (!session) return null;
    const ttl = this.options.sessionTtlSeconds * 1000;
    if (session.expiresAt.getTime() - now < ttl / 2) {
      const expiresAt = new Date(now + ttl);
      await this.options.sessions.touch(session.id, expiresAt);
      session = { ...session, expiresAt };
    }
    const cacheTtl = this.options.sessionCacheTtlMs ?? 2000;
    if (cacheTtl > 0) {
      if (this.sessionCache.size >= SESSION_CACHE_SIZE) {
        const oldest = this.sessionCache.keys().next().value;
        if (oldest !== undefined) this.sessionCache.delete(oldest);
      }
      this.sessionCache.set(sessionId, { session, reuseUntil: now + cacheTtl });
    }
    return session;
  }

  private async basicUser(credentials: string): Promise<number> {
    const cached = this.basicCache.get(credentials);
    if (cached && cached.expiresAt > this.now()) return cached.userId;
    let decoded: string;
    try {
      decoded = new TextDecoder().decode(Uint8Array.from(atob(credentials), (char) => char.charCodeAt(0)));
    } catch {
      throw UnauthorizedError.invalidCredentials();
    }
    const separator = decoded.indexOf(':');
    if (separator < 0) throw UnauthorizedError.invalidCredentials();
    const user = await this.options.repository.userService.authenticate(decoded.slice(0, separator), decoded.slice(separator + 1));
    if (this.basicCache.size >= BASIC_CACHE_SIZE) {
      const oldest = this.basicCache.keys().next().value;
      if (oldest !== undefined) this.basicCache.delete(oldest);
    }
    this.basicCache.set(credentials, { userId: user.contentInfo.id, expiresAt: this.now() + BASIC_CACHE_TTL_MS });
    return user.contentInfo.id;
  }
}

function constantTimeEqual(left: string, right: string): boolean {
  if (left.length !== right.length) return false;
  let difference = 0;
  for (let index = 0; index < left.length; index += 1) difference |= left.charCodeAt(index) ^ right.charCodeAt(index);
  return difference === 0;
}
