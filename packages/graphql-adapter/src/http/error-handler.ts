import type { ErrorRequestHandler } from 'express';
import type { GraphQLLogger } from '../resolvers/graphql-errors.js';
import { httpErrorCode, httpErrorStatus, INTERNAL_ERROR_MESSAGE } from '../resolvers/graphql-errors.js';

/**
 * Turns errors raised before GraphQL execution into `{errors: [{message, extensions: {code}}]}` with their HTTP
 * status: graphql-upload's multipart errors (400 for malformed `operations`/`map`, 413 for too many files or oversized
 * fields) and body-parser errors. Anything else is logged and answered 500, masked.
 */
export function graphqlErrorHandler(logger: GraphQLLogger | null): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status = httpErrorStatus(error);
    if (res.headersSent) {
      res.end();
      return;
    }
    if (status !== null && error instanceof Error) {
      res.status(status).json({ errors: [{ message: error.message, extensions: { code: httpErrorCode(status) } }] });
      return;
    }
    logger?.error({ err: error, method: req.method, url: req.originalUrl }, 'GraphQL request failed');
    res.status(500).json({ errors: [{ message: INTERNAL_ERROR_MESSAGE, extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
  };
}
