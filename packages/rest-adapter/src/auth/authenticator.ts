import { createHash } from 'node:crypto';
import type { Authentication, RequestAuthenticator, Session } from '@contentrepo/core';
import { parse as parseCookies } from 'cookie';

/** The default session cookie name: `IBX_SESSION_ID` + md5 of the siteaccess name (B.1). */
export function defaultSessionCookieName(siteAccess = 'site'): string {
  return `IBX_SESSION_ID${createHash('md5').update(siteAccess).digest('hex')}`;
}

/** Authentication of a REST request, plus the session cookie the client sent (valid or not). */
export interface RestAuthentication extends Authentication {
  readonly sessionCookie: string | null;
}

/**
 * The REST side of authentication: reads the session cookie and `Authorization` header and lets core's
 * RequestAuthenticator decide (sessions, Bearer, Basic, anonymous).
 */
export class RestAuthenticator {
  constructor(
    readonly core: RequestAuthenticator,
    readonly cookieName: string,
  ) {}

  /** @throws UnauthorizedError for wrong Basic credentials or an invalid Bearer token. */
  async authenticate(cookieHeader: string | undefined, authorization: string | undefined): Promise<RestAuthentication> {
    const sessionCookie = cookieHeader ? (parseCookies(cookieHeader)[this.cookieName] ?? null) : null;
    const authentication = await this.core.authenticate({ sessionId: sessionCookie, authorization: authorization ?? null });
    return { ...authentication, sessionCookie };
  }

  openSession(userId: number): Promise<Session> {
    return this.core.openSession(userId);
  }

  deleteSession(sessionId: string): Promise<void> {
    return this.core.closeSession(sessionId);
  }

  assertCsrf(session: Session, token: string | undefined): void {
    this.core.assertCsrf(session, token);
  }

  assertExpectedUser(expected: string | undefined, userId: number): Promise<void> {
    return this.core.assertExpectedUser(expected, userId);
  }
}
