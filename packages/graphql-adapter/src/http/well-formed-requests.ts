import { findMalformedString } from '@contentrepo/core';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Whether parsed request data holds a key or string that is not well-formed Unicode. */
const hasLoneSurrogate = (input: unknown): boolean => findMalformedString(input) !== null;

/**
 * The query string of a GET request: its values, and the JSON of `variables` and `extensions` as Apollo will parse it
 * (JSON that does not parse is left to Apollo's own 400).
 */
function queryHasLoneSurrogate(query: Request['query']): boolean {
  if (hasLoneSurrogate(query)) return true;
  return ['variables', 'extensions'].some((name) => {
    const json = query[name];
    if (typeof json !== 'string') return false;
    try {
      return hasLoneSurrogate(JSON.parse(json));
    } catch {
      return false;
    }
  });
}

/** A client error that the adapter's error handler answers with its status (`expose`, like body-parser's errors). */
class MalformedUnicodeError extends Error {
  readonly status = 400;
  readonly expose = true;
}

/**
 * Refuses a GraphQL request whose parsed body (or, for GET, query string and its `variables`/`extensions` JSON) holds a string that is not well-formed
 * Unicode: a lone surrogate, written `"\ud800"` in the JSON of `variables`, `operationName` or `extensions`, would
 * otherwise reach the resolvers as a `String` value. The query document itself needs no check: graphql-js refuses
 * a lone surrogate escape in a string literal as a syntax error. Answers 400 with
 * `{"errors":[{"message":…,"extensions":{"code":"BAD_REQUEST"}}]}` through the adapter's error handler.
 */
export function wellFormedRequests(): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const body: unknown = 'body' in req ? req.body : undefined;
    if (hasLoneSurrogate(body) || (req.method === 'GET' && queryHasLoneSurrogate(req.query))) {
      next(new MalformedUnicodeError('The request holds a string that is not well-formed Unicode (a lone surrogate)'));
      return;
    }
    next();
  };
}
