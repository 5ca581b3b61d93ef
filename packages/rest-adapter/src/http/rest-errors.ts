/**
 * Transport-level REST errors (Ibexa REST's exception → HTTP status mapping and its statuses for typical failures).
 * Each class has a fixed HTTP status; its `message` becomes the ErrorMessage `errorDescription` and its
 * optional `previous` error is rendered as a nested `Previous` ErrorMessage. Core never sees these.
 */

/** Base class of every REST transport error: an HTTP `status` plus an optional previous error. */
export abstract class RestHttpError extends Error {
  /** HTTP status code of the response (also the ErrorMessage `errorCode`). */
  abstract readonly status: number;
  /** The error this one wraps, rendered as the ErrorMessage's nested `Previous`. */
  readonly previous: Error | undefined;

  constructor(message: string, previous?: Error) {
    super(message, previous === undefined ? undefined : { cause: previous });
    this.name = new.target.name;
    this.previous = previous;
  }
}

/**
 * 400 Bad Request: input parser errors, malformed bodies, missing elements, unknown media types
 * (Ibexa REST `Parser` / `BadRequestException`).
 */
export class BadRequestError extends RestHttpError {
  override readonly status = 400;
}

/** 401 Unauthorized raised by the transport itself: CSRF token checks, `X-Expected-User`. */
export class RestUnauthorizedError extends RestHttpError {
  override readonly status = 401;
}

/** 403 Forbidden (Ibexa REST `ForbiddenException`, e.g. publishing a non-draft version). */
export class ForbiddenError extends RestHttpError {
  override readonly status = 403;
}

/** 404 Not Found for an unknown route under the prefix (Symfony's `NotFoundHttpException` in Ibexa). */
export class RestNotFoundError extends RestHttpError {
  override readonly status = 404;

  /** `No route found for "GET http://host/api/ibexa/v2/foo"` (Symfony wording). */
  static route(method: string, url: string): RestNotFoundError {
    return new RestNotFoundError(`No route found for "${method} ${url}"`);
  }
}

/** 405 Method Not Allowed: the path exists but not for this method (Ibexa answers with an ErrorMessage). */
export class MethodNotAllowedError extends RestHttpError {
  override readonly status = 405;
  /** Methods the path does accept (for an optional `Allow` header). */
  readonly allowed: readonly string[];

  constructor(message: string, allowed: readonly string[], previous?: Error) {
    super(message, previous);
    this.allowed = allowed;
  }

  /** `No route found for "PUT http://host/…": Method Not Allowed (Allow: GET, POST)`, Ibexa's wording. */
  static forRequest(method: string, url: string, allowed: readonly string[]): MethodNotAllowedError {
    const message = `No route found for "${method} ${url}": Method Not Allowed (Allow: ${allowed.join(', ')})`;
    return new MethodNotAllowedError(message, allowed);
  }
}

/**
 * 406 Not Acceptable: an input href that does not match the expected route (REST
 * `InvalidArgumentException`, which Ibexa maps to 406). Never produced by Accept negotiation.
 */
export class InvalidHrefError extends RestHttpError {
  override readonly status = 406;
}

/** 413 Payload Too Large: the request body exceeds the configured limit. */
export class PayloadTooLargeError extends RestHttpError {
  override readonly status = 413;
}

/** 501 Not Implemented: a route or option of the Ibexa API this server does not implement. */
export class NotImplementedRestError extends RestHttpError {
  override readonly status = 501;
}
