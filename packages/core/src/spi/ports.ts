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
 * What a valid, unexpired Bearer token says: whose it is, when it was issued, and the user's password date it was
 * issued under (see {@link TokenService.issue}), so that a token issued before a password change can be refused.
 */
export interface VerifiedToken {
  /** Content id of the user the token was issued to. */
  readonly userId: number;
  /** When the token was issued (`iat`, whole seconds). */
  readonly issuedAt: Date;
  /**
   * The user's `passwordUpdatedAt` when the token was issued (null: never changed); undefined when the token does
   * not say (issued by an older version), then `issuedAt` is compared with the password date instead.
   */
  readonly passwordUpdatedAt?: Date | null;
}

/**
 * Bearer tokens (JWT) for stateless authentication: issued after a login, verified on each request.
 * Implemented by the composition root (e.g. with `jose`); core only defines the port. Revocation (disabled or
 * deleted user, changed password) is checked by the caller against the user's current state.
 */
export interface TokenService {
  /**
   * A signed token for the user, valid for `ttlSeconds`, stamped with the user's current `passwordUpdatedAt`
   * (second precision; omitted: the token carries no stamp).
   */
  issue(userId: number, login: string, passwordUpdatedAt?: Date | null): Promise<{ token: string; expiresAt: Date }>;
  /** What a valid, unexpired token says, or null (bad signature, expired, malformed). */
  verify(token: string): Promise<VerifiedToken | null>;
}

/**
 * Where core reports what an operator should know but the caller is not told (Ibexa services log through PSR-3),
 * e.g. a search criterion naming content types that do not exist. Structured like pino: `details` first, then the
 * message, so a pino logger can be passed as is. Without one, `createRepository` discards these reports.
 */
export interface Logger {
  /** Something unexpected that is not an error of the operation (the operation goes on). */
  warn(details: Readonly<Record<string, unknown>>, message: string): void;
}
