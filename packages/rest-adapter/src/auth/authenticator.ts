import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Repository, Session, SessionStore } from '@contentrepo/core';
import { parse as parseCookies } from 'cookie';
import { RestUnauthorizedError } from '../http/errors.js';

/** Authentication settings of the REST router. */
export interface AuthOptions {
  readonly sessions: SessionStore;
  /** Session cookie name, e.g. `IBX_SESSION_ID` + md5 of the siteaccess (search-auth-errors-data.md B.1). */
  readonly cookieName: string;
  /** Session lifetime in seconds, extended while the session is used. */
  readonly sessionTtlSeconds: number;
  /** Accept `Authorization: Basic` (off by default, as in Ibexa). */
  readonly basicAuth: boolean;
}

/** Who a request runs as. */
export interface Authentication {
  readonly userId: number;
  readonly session: Session | null;
  /** The session id the client sent, valid or not. */
  readonly sessionCookie: string | null;
}

const BASIC_CACHE_TTL_MS = 60_000;
const BASIC_CACHE_SIZE = 1_000;

/** The default session cookie name: `IBX_SESSION_ID` + md5 of the siteaccess name (B.1). */
export function defaultSessionCookieName(siteAccess = 'site'): string {
  return `IBX_SESSION_ID${createHash('md5').update(siteAccess).digest('hex')}`;
}

/** A random, URL-safe token (`bytes` of entropy). */
export const randomToken = (bytes = 24): string => randomBytes(bytes).toString('base64url');

/**
 * Resolves the user of a request (search-auth-errors-data.md B.1–B.3): a valid session cookie, else HTTP Basic
 * when enabled, else the anonymous user. Also checks CSRF tokens and `X-Expected-User`.
 */
export class Authenticator {
  private readonly basicCache = new Map<string, { readonly userId: number; readonly expiresAt: number }>();

  constructor(
    private readonly repository: Repository,
    readonly options: AuthOptions,
  ) {}

  /**
   * @throws RestUnauthorizedError `Invalid login or password` for wrong Basic credentials.
   */
  async authenticate(cookieHeader: string | undefined, authorization: string | undefined): Promise<Authentication> {
    const sessionCookie = cookieHeader ? (parseCookies(cookieHeader)[this.options.cookieName] ?? null) : null;
    if (sessionCookie) {
      const session = await this.options.sessions.load(sessionCookie);
      if (session) {
        await this.extend(session);
        return { userId: session.userId, session, sessionCookie };
      }
    }
    if (this.options.basicAuth && authorization?.toLowerCase().startsWith('basic ')) {
      return { userId: await this.basicUser(authorization.slice(6).trim()), session: null, sessionCookie };
    }
    return { userId: this.repository.anonymousUserId, session: null, sessionCookie };
  }

  /** Opens a session for a user who just logged in. */
  async openSession(userId: number): Promise<Session> {
    const now = Date.now();
    const session: Session = {
      id: randomToken(),
      userId,
      csrfToken: randomToken(),
      createdAt: new Date(now),
      expiresAt: new Date(now + this.options.sessionTtlSeconds * 1000),
    };
    await this.options.sessions.create(session);
    return session;
  }

  /**
   * Unsafe methods of a session-authenticated request must carry the session's CSRF token (B.3).
   * @throws RestUnauthorizedError `Missing or invalid CSRF token`
   */
  assertCsrf(session: Session, token: string | undefined): void {
    const expected = Buffer.from(session.csrfToken);
    const given = Buffer.from(token ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new RestUnauthorizedError('Missing or invalid CSRF token');
    }
  }

  /**
   * `X-Expected-User`: when present and non-empty, the current user must be logged in with that login (B.3).
   * @throws RestUnauthorizedError `Expectation failed. User changed.`
   */
  async assertExpectedUser(expected: string | undefined, userId: number): Promise<void> {
    if (expected === undefined || expected === '') return;
    const login =
      userId === this.repository.anonymousUserId
        ? null
        : await this.repository.sudo(async (repository) => (await repository.userService.loadUser(userId)).login).catch(() => null);
    if (login === null || login !== expected) throw new RestUnauthorizedError('Expectation failed. User changed.');
  }

  private async extend(session: Session): Promise<void> {
    const ttl = this.options.sessionTtlSeconds * 1000;
    const remaining = session.expiresAt.getTime() - Date.now();
    if (remaining < ttl / 2) await this.options.sessions.touch(session.id, new Date(Date.now() + ttl));
  }

  private async basicUser(credentials: string): Promise<number> {
    const key = createHash('sha256').update(credentials).digest('base64');
    const cached = this.basicCache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.userId;
    const decoded = Buffer.from(credentials, 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    if (separator < 0) throw new RestUnauthorizedError('Invalid login or password');
    const user = await this.repository.userService
      .authenticate(decoded.slice(0, separator), decoded.slice(separator + 1))
      .catch(() => {
        throw new RestUnauthorizedError('Invalid login or password');
      });
    if (this.basicCache.size >= BASIC_CACHE_SIZE) {
      const oldest = this.basicCache.keys().next().value;
      if (oldest !== undefined) this.basicCache.delete(oldest);
    }
    this.basicCache.set(key, { userId: user.contentInfo.id, expiresAt: Date.now() + BASIC_CACHE_TTL_MS });
    return user.contentInfo.id;
  }
}
