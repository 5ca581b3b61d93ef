import type { SessionStore } from '@contentrepo/core';
import { defaultSessionCookieName } from '@contentrepo/http-auth';

/** The CSRF token of the sessions {@link sessionCookie} opens (mutations send it in `X-CSRF-Token`). */
export const SESSION_CSRF_TOKEN = 'csrf';

/** Opens a session for a user in the store and returns the `Cookie` header a logged-in browser sends. */
export async function sessionCookie(sessions: SessionStore, userId = 14): Promise<string> {
  const id = `test-session-${userId}-${Math.random().toString(36).slice(2)}`;
  const now = Date.now();
  await sessions.create({ id, userId, csrfToken: SESSION_CSRF_TOKEN, createdAt: new Date(now), expiresAt: new Date(now + 3_600_000) });
  return `${defaultSessionCookieName()}=${id}`;
}
