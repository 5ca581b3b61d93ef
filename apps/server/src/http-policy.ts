import cors, { type CorsOptions } from 'cors';
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { CorsConfig } from './server-config.js';

/**
 * Cross-cutting HTTP behaviour of the composed server, outside the two APIs: CORS, security headers, and the JSON
 * answers of paths and methods no API serves, and of errors no API handled.
 */

/**
 * Methods a cross-origin caller may use: the standard ones and Ibexa REST's custom verbs (`PUBLISH`, `COPY`, `MOVE`,
 * `SWAP`, `TRASH`; also reachable as `POST` with `X-HTTP-Method-Override`).
 */
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PUBLISH', 'COPY', 'MOVE', 'SWAP', 'TRASH'] as const;

/** Request headers a cross-origin caller may send (Ibexa REST's and GraphQL's). */
export const CORS_ALLOWED_HEADERS = [
  'Content-Type',
  'Accept',
  'Authorization',
  'X-CSRF-Token',
  'If-Match',
  'If-None-Match',
  'X-Expected-User',
  'Destination',
  'X-HTTP-Method-Override',
  'Apollo-Require-Preflight',
  'X-Apollo-Operation-Name',
  'X-Request-Id',
  'Last-Event-ID',
] as const;

/** Response headers a cross-origin caller may read besides the CORS-safelisted ones. */
export const CORS_EXPOSED_HEADERS = ['ETag', 'Location', 'Allow', 'Accept-Patch', 'Retry-After', 'X-Request-Id'] as const;

/**
 * CORS through the `cors` package, for REST and GraphQL alike. A preflight (`OPTIONS` with `Origin` and
 * `Access-Control-Request-Method`) from an allowed origin is answered `204` with the allowed methods, headers and
 * `Access-Control-Max-Age`; any other request from it, a plain `OPTIONS` included, continues to the API (Ibexa's
 * `OPTIONS` answers its `Allow` list) with `Access-Control-Allow-Origin`, `-Allow-Credentials` and `-Expose-Headers`.
 * A request without `Origin` or from an origin not listed gets no CORS header at all (the browser then refuses the
 * call; a preflight reaches the API like any `OPTIONS`); with a list, every response has `Vary: Origin`.
 */
export function corsMiddleware(config: CorsConfig): RequestHandler {
  const options: CorsOptions = {
    origin: config.origins === '*' ? '*' : [...config.origins],
    credentials: config.credentials,
    methods: [...CORS_METHODS],
    allowedHeaders: [...CORS_ALLOWED_HEADERS],
    exposedHeaders: [...CORS_EXPOSED_HEADERS],
    maxAge: config.maxAgeSeconds,
    optionsSuccessStatus: 204,
  };
  const preflight = cors({ ...options, preflightContinue: false });
  const passOn = cors({ ...options, preflightContinue: true });
  const listed = config.origins === '*' ? null : new Set(config.origins);
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (origin === undefined || (listed !== null && !listed.has(origin))) {
      // Not a cross-origin call this server allows: no CORS headers, but caches must key on Origin.
      if (listed !== null) res.vary('Origin');
      next();
      return;
    }
    const isPreflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    (isPreflight ? preflight : passOn)(req, res, next);
  };
}

/** Options of {@link securityHeaders}. */
export interface SecurityHeaderOptions {
  /** `Strict-Transport-Security` max-age in seconds; 0 = no header. */
  readonly hstsMaxAgeSeconds: number;
  /**
   * Full path of the GraphQL endpoint when it serves the Apollo Sandbox landing page (debug mode), which loads its
   * scripts from Apollo's CDN: that path gets no Content-Security-Policy.
   */
  readonly landingPagePath?: string | undefined;
  /** Full path prefix of stored files, which front ends on other origins embed (`<img src>`). */
  readonly storagePrefix: string;
  /**
   * Full paths of the web pages the server itself serves (a path and everything below it; a path ending in `/`,
   * like the root `/` or `/cms/` below a base path, is only that page, with or without its last slash), which get
   * {@link PAGE_CONTENT_SECURITY_POLICY} instead of the API's `default-src 'none'`.
   */
  readonly pagePaths?: readonly string[];
}

/**
 * The Content-Security-Policy of the server's own web pages: everything from this origin only (scripts, styles,
 * fonts, API calls, form posts), images also as `data:` and `blob:` URLs (previews of files to upload), inline style
 * attributes allowed, no inline script, no framing by other sites.
 */
export const PAGE_CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  formAction: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
} as const;

/**
 * Security headers through `helmet`, on every response: `Content-Security-Policy: default-src 'none';
 * frame-ancestors 'none'` (an API serves no page; a stored SVG opened directly runs no script),
 * `X-Content-Type-Options: nosniff`, `X-Frame-Options`, `Referrer-Policy: no-referrer`,
 * `Cross-Origin-Opener-Policy`, `Cross-Origin-Resource-Policy: same-origin` (`cross-origin` for stored files,
 * which pages on other origins embed), and `Strict-Transport-Security` only when configured.
 */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
  const base = {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    strictTransportSecurity: options.hstsMaxAgeSeconds > 0 ? { maxAge: options.hstsMaxAgeSeconds, includeSubDomains: false } : false,
  } as const;
  const api = helmet(base);
  const files = helmet({ ...base, crossOriginResourcePolicy: { policy: 'cross-origin' } });
  const landingPage = helmet({ ...base, contentSecurityPolicy: false });
  const pages = helmet({ ...base, contentSecurityPolicy: { useDefaults: false, directives: PAGE_CONTENT_SECURITY_POLICY } });
  const storagePrefix = `${options.storagePrefix}/`;
  const pagePaths = options.pagePaths ?? [];
  const isPage = (path: string): boolean =>
    pagePaths.some((page) => (page.endsWith('/') ? path === page || path === page.slice(0, -1) : path === page || path.startsWith(`${page}/`)));
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith(storagePrefix)) files(req, res, next);
    else if (isPage(req.path)) pages(req, res, next);
    else if (options.landingPagePath !== undefined && req.path === options.landingPagePath) landingPage(req, res, next);
    else api(req, res, next);
  };
}

/** The JSON body of a non-API error: `{"error": {"code": 404, "message": "Not Found"}}`. */
export interface JsonError {
  readonly error: { readonly code: number; readonly message: string };
}

/** Reason phrases of the statuses the non-API handlers send. */
const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
};

/** Sends the small JSON error of `status` (the message defaults to its reason phrase). */
export function sendJsonError(res: Response, status: number, message = REASONS[status] ?? 'Error'): void {
  const body: JsonError = { error: { code: status, message } };
  res.status(status).type('application/json').send(JSON.stringify(body));
}

/**
 * A route that answers only `methods` (plus the automatic `OPTIONS` answer: `204` with `Allow`): any other method gets
 * `405` with `Allow` and the small JSON error. Place it after the route's own handlers.
 */
export function methodNotAllowed(methods: readonly string[]): RequestHandler {
  const allow = [...methods, 'OPTIONS'].join(', ');
  return (req: Request, res: Response) => {
    res.set('Allow', allow);
    if (req.method === 'OPTIONS') res.status(204).end();
    else sendJsonError(res, 405);
  };
}

/**
 * The last route: any path no API or route serves answers `404` with `{"error":{"code":404,"message":"Not Found"}}`
 * (under the REST prefix the REST router answers first, with Ibexa's ErrorMessage).
 */
export const notFound: RequestHandler = (_req: Request, res: Response) => {
  sendJsonError(res, 404);
};

/**
 * The last error handler: a client error that reached it (a `status`/`statusCode` from 400 to 499, e.g. a path that
 * cannot be percent-decoded) answers that status with its reason phrase, anything else `500` (logged, never shown):
 * never Express's HTML page nor a stack trace. When the response has started, the connection is closed.
 */
export function finalErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const given = typeof error === 'object' && error !== null ? ((error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode) : undefined;
    const status = typeof given === 'number' && given >= 400 && given < 500 ? given : 500;
    if (status === 500) logger.error({ err: error, method: req.method, url: req.originalUrl }, 'Request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendJsonError(res, status);
  };
}
