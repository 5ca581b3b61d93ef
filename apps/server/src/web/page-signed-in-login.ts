import type { Repository } from '@contentrepo/core';
import type { HttpAuth } from '@contentrepo/http-auth';
import type { Request } from 'express';

/**
 * The login of the user a page request authenticates as (session cookie, or a Bearer/Basic header a browser may
 * send), or null for the anonymous user — also when the credentials are refused: a page shows itself to everyone
 * and only says who is signed in.
 */
export async function signedInLogin(auth: HttpAuth, repository: Repository, req: Request): Promise<string | null> {
  try {
    const { userId } = await auth.authenticateRequest(req);
    if (userId === repository.anonymousUserId) return null;
    return await repository.sudo(async (sudo) => (await sudo.userService.loadUser(userId)).login);
  } catch {
    return null;
  }
}
