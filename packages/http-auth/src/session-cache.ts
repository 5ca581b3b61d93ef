import type { Clock, RandomSource, Session, SessionStore } from '@contentrepo/core';
import { ExpiringCache } from './expiring-cache.js';
import { urlToken } from './url-token.js';

/** Options of {@link SessionCache}. */
export interface SessionCacheOptions {
  readonly store: SessionStore;
  /** Session lifetime in seconds; a session used after half of it has passed is extended to a full lifetime again. */
  readonly ttlSeconds: number;
  /**
   * How long a loaded session is reused without asking the store, in milliseconds (0 disables the cache). A
   * session closed on another node is refused after at most this delay — unless the cache follows a change feed,
   * which drops it at once.
   */
  readonly reuseMs: number;
  readonly clock: Clock;
  readonly random: RandomSource;
  /** Most sessions held (default 10,000; the oldest is dropped first). */
  readonly capacity?: number;
}

/**
 * The login sessions of this process: the shared {@link SessionStore} (any server node can serve the next request)
 * behind an in-process cache. Closing a session here takes effect at once for every adapter that uses this
 * instance; other nodes drop it when its deletion is announced ({@link SessionCache.forgetUser}), else after at
 * most `reuseMs`. A session loaded while it is being closed is never cached after the closing (see
 * `ExpiringCache.stamp`).
 */
export class SessionCache {
  private readonly cache: ExpiringCache<Session>;

  constructor(private readonly options: SessionCacheOptions) {
    this.cache = new ExpiringCache(options.capacity ?? 10_000);
  }

  /**
   * Opens a session for a user who just logged in: random 24-byte id and CSRF token, `ttlSeconds` from now.
   * `createdAt` is now, or `notBefore` when that is later: the date of the password the user logged in with, which
   * a password change may set up to a second ahead (two changes in one second get distinct dates), and sessions
   * created before it are refused.
   */
  async open(userId: number, notBefore: Date | null = null): Promise<Session> {
    const now = this.options.clock.now().getTime();
    const session: Session = {
      id: urlToken(this.options.random),
      userId,
      csrfToken: urlToken(this.options.random),
      createdAt: new Date(Math.max(now, notBefore?.getTime() ?? now)),
      expiresAt: new Date(now + this.options.ttlSeconds * 1000),
    };
    await this.options.store.create(session);
    return session;
  }

  /**
   * A live session by id, or null when unknown or expired: from the cache, else from the store — extended to a full
   * lifetime when less than half of it is left (Ibexa refreshes sessions that are in use).
   */
  async load(sessionId: string): Promise<Session | null> {
    const now = this.options.clock.now().getTime();
    const cached = this.cache.get(sessionId, now);
    if (cached !== undefined) return cached;
    const stamp = this.cache.stamp;
    let session = await this.options.store.load(sessionId);
    if (!session) return null;
    const ttlMs = this.options.ttlSeconds * 1000;
    if (session.expiresAt.getTime() - now < ttlMs / 2) {
      const expiresAt = new Date(now + ttlMs);
      await this.options.store.touch(session.id, expiresAt);
      session = { ...session, expiresAt };
    }
    if (this.options.reuseMs > 0) this.cache.set(sessionId, session, Math.min(now + this.options.reuseMs, session.expiresAt.getTime()), stamp);
    return session;
  }

  /**
   * Ends a session (logout): deletes it from the store, then drops it from this process's cache (in this order, so
   * that a load racing with the logout cannot cache it again).
   */
  async close(sessionId: string): Promise<void> {
    try {
      await this.options.store.delete(sessionId);
    } finally {
      this.cache.delete(sessionId);
    }
  }

  /** Drops the cached sessions of one user (a session of theirs was closed, maybe on another node). */
  forgetUser(userId: number): void {
    this.cache.deleteWhere((session) => session.userId === userId);
  }

  /** Drops every cached session. */
  forgetAll(): void {
    this.cache.clear();
  }
}
