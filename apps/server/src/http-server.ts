import { createServer, type RequestListener, type Server } from 'node:http';

/** How long a client may take over each part of an HTTP exchange, in milliseconds (see {@link createHttpServer}). */
export interface HttpTimeouts {
  /** Longest time to receive the request line and headers (`HEADERS_TIMEOUT_MS`); at most `requestTimeoutMs`. */
  readonly headersTimeoutMs: number;
  /** Longest time to receive a whole request, headers and body (`REQUEST_TIMEOUT_MS`; 0 = unbounded). */
  readonly requestTimeoutMs: number;
  /** How long an idle keep-alive connection waits for the next request (`KEEP_ALIVE_TIMEOUT_MS`). */
  readonly keepAliveTimeoutMs: number;
  /** Longest time a connection may go without any data in either direction (`IDLE_TIMEOUT_MS`; 0 = unbounded). */
  readonly idleTimeoutMs: number;
}

/**
 * How often Node checks the open connections against the header and request timeouts: a quarter of the shorter
 * timeout, between 10 ms and 1 s, so that a timeout fires at most 25% (and 1 s) late.
 */
export function connectionsCheckingIntervalMs(timeouts: HttpTimeouts): number {
  const bounds = [timeouts.headersTimeoutMs, timeouts.requestTimeoutMs].filter((ms) => ms > 0);
  const shortest = bounds.length === 0 ? 4000 : Math.min(...bounds);
  return Math.max(10, Math.min(1000, Math.floor(shortest / 4)));
}

/**
 * A `node:http` server for `handler` (the Express app) whose connections cannot be held without bound: a client
 * that sends its headers too slowly, or a body that never completes, is answered `408 Request Timeout` (when no
 * response has started) and disconnected after `headersTimeoutMs` / `requestTimeoutMs`; an idle keep-alive
 * connection is closed after `keepAliveTimeoutMs`, and any connection without traffic for `idleTimeoutMs` is
 * destroyed. The request timeout covers receiving the request only, not the time the server takes to answer.
 * Not listening yet (call `listen`).
 * @throws RangeError (Node's `ERR_OUT_OF_RANGE`) when `headersTimeoutMs` exceeds a non-zero `requestTimeoutMs`.
 */
export function createHttpServer(handler: RequestListener, timeouts: HttpTimeouts): Server {
  const server = createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      keepAliveTimeout: timeouts.keepAliveTimeoutMs,
      connectionsCheckingInterval: connectionsCheckingIntervalMs(timeouts),
    },
    handler,
  );
  // Without a 'timeout' listener, Node destroys a socket that stayed idle for this long.
  server.timeout = timeouts.idleTimeoutMs;
  return server;
}
