import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** A UTF-16 code unit that is half of no surrogate pair (matched per code unit: no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Plain data as JSON parsing gives it: arrays and plain objects (not an `Upload` of a multipart request). */
function isPlainData(value: object): boolean {
  if (Array.isArray(value)) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Whether parsed JSON-like data holds a string or key that is not well-formed Unicode. Iterative (any depth), and
 * bounded by the size of the data: only arrays and plain objects are entered.
 */
function hasLoneSurrogate(input: unknown): boolean {
  const stack: unknown[] = [input];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return true;
    } else if (typeof value === 'object' && value !== null && isPlainData(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (LONE_SURROGATE.test(key)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

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
