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
 * The GraphQL multipart request spec: graphql-upload's Express middleware with the configured limits. `operations` and
 * `map` are parsed and the files stream to temporary files as they arrive (never held in memory); its `http-errors`
 * keep their status, and busboy's parse errors become 400.
 */
export function multipartUploads(limits: { readonly maxFileSize: number; readonly maxFiles: number }): RequestHandler {
  const upload = graphqlUploadExpress({ maxFileSize: limits.maxFileSize, maxFiles: limits.maxFiles });
  return (req: Request, res: Response, next: NextFunction) => {
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
