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
 * The `verify` hook of the JSON body parser: refuses a body whose bytes are not valid in its charset (UTF-8 unless the
 * `Content-Type` names another UTF), which the parser would otherwise decode leniently, replacing them with U+FFFD, so
 * that the resolvers would store or compare other text than the client sent. REST refuses the same bodies.
 * @param body the raw body bytes; `encoding` the charset body-parser will decode them with (lower-case, e.g. `utf-8`).
 * @throws MalformedUnicodeError (status 400, `expose`), which the adapter's error handler answers with
 *   `{"errors":[{"message":"The request body is not valid UTF-8","extensions":{"code":"BAD_REQUEST"}}]}`.
 */
export function verifyBodyEncoding(_req: Request, _res: Response, body: Buffer, encoding: string): void {
  let decode: (input: Buffer) => string;
  try {
    const decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
    decode = (input) => decoder.decode(input);
  } catch {
    return; // A charset TextDecoder does not know (UTF-32): left to the parser.
  }
  try {
    decode(body);
  } catch {
    throw new MalformedUnicodeError(`The request body is not valid ${encoding.toUpperCase()}`);
  }
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
