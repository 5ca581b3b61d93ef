/** Time source; injected so tests control dates. */
export interface Clock {
  now(): Date;
}

/**
 * Source of cryptographically strong random bytes (session ids, CSRF tokens, secrets); injected so tests control
 * them. Core only defines the port: implementations live at the edge (e.g. Web Crypto or `node:crypto`).
 */
export interface RandomSource {
  /** `count` fresh random bytes (`count` ≥ 0). */
  bytes(count: number): Uint8Array;
}

/** Password hashing (a slow, salted KDF in production). */
export interface PasswordHasher {
  hash(plainPassword: string): Promise<string>;
  verify(plainPassword: string, hash: string): Promise<boolean>;
}

/** A login session, stored so that any server node can serve the next request. */
export interface Session {
  readonly id: string;
  readonly userId: number;
  readonly csrfToken: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/** Session storage used by adapters for cookie authentication. */
export interface SessionStore {
  create(session: Session): Promise<void>;
  /** The session, or null when unknown or expired. */
  load(sessionId: string): Promise<Session | null>;
  /** Extends a session's expiry. */
  touch(sessionId: string, expiresAt: Date): Promise<void>;
  delete(sessionId: string): Promise<void>;
}

/**
 * Bearer tokens (JWT) for stateless authentication: issued after a login, verified on each request.
 * Implemented by the composition root (e.g. with `jose`); core only defines the port.
 */
export interface TokenService {
  /** A signed token for the user, valid for `ttlSeconds`. */
  issue(userId: number, login: string): Promise<{ token: string; expiresAt: Date }>;
  /** The user id of a valid, unexpired token, or null. */
  verify(token: string): Promise<number | null>;
}
