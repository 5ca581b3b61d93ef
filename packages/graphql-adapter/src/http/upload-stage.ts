import busboy from 'busboy';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import graphqlUploadExpress from 'graphql-upload/graphqlUploadExpress.mjs';
import { httpErrorStatus } from '../resolvers/graphql-errors.js';

/** A malformed multipart body (busboy's own errors, e.g. `Unexpected end of form`), answered 400. */
export class MalformedMultipartError extends Error {
  readonly status = 400;
  readonly expose = true;

  constructor(message: string) {
    super(message);
    this.name = 'MalformedMultipartError';
  }
}

/**
 * Why a `multipart/form-data` request's headers cannot be parsed (busboy's own message, e.g. `Multipart: Boundary not
 * found` for a missing or empty `boundary` parameter), or `null` when they can. The check is the parser's own
 * constructor (plus a check for an empty quoted boundary, which it accepts), so whatever passes here is what
 * graphql-upload then parses; nothing of the body is read.
 */
function multipartHeaderProblem(req: Request): string | null {
  try {
    busboy({ headers: req.headers, defParamCharset: 'utf8' });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  // busboy accepts `boundary=""`, and then waits for a delimiter no body can contain.
  const boundary = EMPTY_QUOTED_BOUNDARY.exec(req.headers['content-type'] ?? '');
  return boundary === null ? null : 'Multipart: Boundary not found';
}

/** A `boundary=""` parameter (RFC 2046: a boundary has 1 to 70 characters). */
const EMPTY_QUOTED_BOUNDARY = /;\s*boundary\s*=\s*""\s*(?:;|$)/i;

/**
 * The GraphQL multipart request spec: graphql-upload's Express middleware with the configured limits. `operations` and
 * `map` are parsed and the files stream to temporary files as they arrive (never held in memory); its `http-errors`
 * keep their status, and busboy's parse errors become 400.
 *
 * A multipart request whose `Content-Type` cannot be parsed (no `boundary`, `boundary=`) is answered 400 at once,
 * before graphql-upload sees it, with `Connection: close` so the unread body is never waited for: graphql-upload
 * holds every error response until the request body has ended, which such a request, read by nobody, never does.
 * A body that stops arriving half-way is bounded by the HTTP server's request timeout.
 */
export function multipartUploads(limits: { readonly maxFileSize: number; readonly maxFiles: number }): RequestHandler {
  const upload = graphqlUploadExpress({ maxFileSize: limits.maxFileSize, maxFiles: limits.maxFiles });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.is('multipart/form-data')) {
      const problem = multipartHeaderProblem(req);
      if (problem !== null) {
        res.set('Connection', 'close');
        return next(new MalformedMultipartError(problem));
      }
    }
    upload(req, res, (error?: unknown) => {
      if (error === undefined || error === null) return next();
      if (httpErrorStatus(error) === null && error instanceof Error) {
        res.status(400);
        return next(new MalformedMultipartError(error.message));
      }
      return next(error);
    });
  };
}
