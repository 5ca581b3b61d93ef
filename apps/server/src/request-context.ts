import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What the server knows about the request being served, for its log lines (see {@link requestContext}). */
export interface RequestContext {
  /** The request id: the client's `X-Request-Id` when acceptable (see {@link requestIdOf}), else a random UUID. */
  readonly reqId: string;
  /** Content id of the user the request runs as, once the request is authenticated. */
  userId?: number;
}

/**
 * The context of the request being served, in every callback and promise that request started (Node's
 * `AsyncLocalStorage`, entered by the request log middleware): the logger's mixin adds `reqId` and `userId` from
 * it to each line logged while serving the request, whichever module logs it.
 */
export const requestContext = new AsyncLocalStorage<RequestContext>();

/** Longest `X-Request-Id` accepted, in characters. */
export const MAX_REQUEST_ID_LENGTH = 200;

/** Printable ASCII without spaces, 1 to 200 characters. */
const ACCEPTABLE_REQUEST_ID = /^[\x21-\x7E]{1,200}$/;

/**
 * The request id of a request with the `X-Request-Id` header `header`: the header itself when it is 1 to
 * {@link MAX_REQUEST_ID_LENGTH} printable ASCII characters without spaces (e.g. a proxy's id, so that its logs and
 * ours join), else a new random UUID (a missing, empty, repeated, too long or unprintable header is replaced, never
 * refused).
 */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && ACCEPTABLE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** Records the user the current request runs as into its context (no-op outside a request). */
export function recordRequestUser(userId: number): void {
  const context = requestContext.getStore();
  if (context !== undefined) context.userId = userId;
}
