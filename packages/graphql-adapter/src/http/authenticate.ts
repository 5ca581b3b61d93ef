import { isRepositoryError } from '@contentrepo/core';
import { LoginThrottledError, LoginThrottleUnavailableError, type Authentication, type HttpAuth } from '@contentrepo/http-auth';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Authentication shared with REST (as in Ibexa, GraphQL runs as the current user, with no access rules of its own): the
 * process's HttpAuth decides from the session cookie, `Authorization: Bearer <jwt>` or `Basic` (when enabled), else
 * anonymous; a mismatching `X-Expected-User` is 401. Wrong Basic credentials or an invalid token are 401 too.
 * Basic logins throttled after too many failures are 429 with `Retry-After` and code TOO_MANY_REQUESTS; while the
 * throttle's counters cannot be reached, Basic logins are 503 with `Retry-After` and code SERVICE_UNAVAILABLE.
 * The result is kept per request in `results` for the GraphQL context.
 */
export function authenticateRequests(auth: HttpAuth, results: WeakMap<Request, Authentication>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const run = async () => {
      const authentication = await auth.authenticateRequest(req);
      await auth.assertExpectedUser(req.get('x-expected-user'), authentication.userId);
      results.set(req, authentication);
    };
    run().then(
      () => next(),
      (error: unknown) => {
        if (error instanceof LoginThrottledError) {
          res.status(429).set('Retry-After', String(error.retryAfterSeconds));
          res.json({ errors: [{ message: error.message, extensions: { code: 'TOO_MANY_REQUESTS', retryAfter: error.retryAfterSeconds } }] });
          return;
        }
        if (error instanceof LoginThrottleUnavailableError) {
          res.status(503).set('Retry-After', String(error.retryAfterSeconds));
          res.json({ errors: [{ message: error.message, extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
          return;
        }
        if (isRepositoryError(error) && error.code === 'Unauthorized') {
          res.status(401).json({ errors: [{ message: error.message, extensions: { code: 'UNAUTHORIZED' } }] });
          return;
        }
        next(error);
      },
    );
  };
}
