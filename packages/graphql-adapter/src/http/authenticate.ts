import { isRepositoryError, type Authentication, type RequestAuthenticator } from '@contentrepo/core';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { readCookie } from './cookies.js';

/**
 * Authentication shared with REST (graphql.md §5, owner's document "Authentication"): core's RequestAuthenticator
 * decides from the session cookie, `Authorization: Bearer <jwt>` or `Basic` (when enabled), else anonymous; a
 * mismatching `X-Expected-User` is 401 (rule 2). Wrong Basic credentials or an invalid token are 401 too.
 * The result is kept per request in `results` for the GraphQL context.
 */
export function authenticateRequests(
  authenticator: RequestAuthenticator,
  sessionCookieName: string,
  results: WeakMap<Request, Authentication>,
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const run = async () => {
      const authentication = await authenticator.authenticate({
        sessionId: readCookie(req.get('cookie'), sessionCookieName),
        authorization: req.get('authorization') ?? null,
      });
      await authenticator.assertExpectedUser(req.get('x-expected-user'), authentication.userId);
      results.set(req, authentication);
    };
    run().then(
      () => next(),
      (error: unknown) => {
        if (isRepositoryError(error) && error.code === 'Unauthorized') {
          res.status(401).json({ errors: [{ message: error.message, extensions: { code: 'UNAUTHORIZED' } }] });
          return;
        }
        next(error);
      },
    );
  };
}
