import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { requestContext, requestIdOf, type RequestContext } from './request-context.js';

/** Told of every finished request: its method, route label (see {@link routeLabel}), status and duration in seconds. */
export type RequestObserver = (method: string, route: string, status: number, durationSeconds: number) => void;

/** Options of {@link requestLog}. */
export interface RequestLogOptions {
  /** Counts the request in the metrics (see metrics.ts); absent when metrics are off. */
  readonly observe?: RequestObserver | undefined;
  /**
   * Paths of mounted sub-applications whose requests carry no route pattern of their own (GraphQL, the content
   * browser): a request below one is labelled with it. Full paths, base path included.
   */
  readonly mounts?: readonly string[];
}

/** The label of a request that matched no route (a 404 of an unknown path). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route a request is labelled with in its log line and in the metrics: never the path as sent (ids would make
 * every item a label of its own), always one of a bounded set. The REST router's pattern
 * (`/api/ibexa/v2/content/objects/{contentId:id}`, set in `res.locals.route`), else the pattern of the Express
 * route that answered (`/healthz`, `/var/site/storage/*path`), else the longest of `mounts` the path is below,
 * else {@link UNMATCHED_ROUTE}.
 */
export function routeLabel(req: Request, res: Response, mounts: readonly string[]): string {
  const fromRouter: unknown = res.locals['route'];
  if (typeof fromRouter === 'string') return fromRouter;
  const routePath: unknown = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof routePath === 'string') return `${req.baseUrl}${routePath}`;
  const path = req.originalUrl.split('?', 1)[0] ?? '';
  let found: string | undefined;
  for (const mount of mounts) {
    if ((path === mount || path.startsWith(`${mount}/`)) && (found === undefined || mount.length > found.length)) found = mount;
  }
  return found ?? UNMATCHED_ROUTE;
}

/**
 * Request ids, the request log line and the request metrics, first middleware of the app:
 * - the request id: the client's `X-Request-Id` when acceptable, else a new UUID (see `requestIdOf`), sent back in
 *   the `X-Request-Id` response header, and in the request's context (request-context.ts) so that every line
 *   logged while serving it carries `reqId`, and `userId` once authenticated;
 * - one JSON line per finished request at `info` (`reqId`, `userId`, `method`, `url`, `route`, `status`, `ms`,
 *   `userAgent`), 5xx at `error`; none when the logger's level is above `info`;
 * - `observe` (the metrics), told of every finished request.
 * Cheap on purpose: no per-request child logger or serializers (pino-http's were a measurable share of a content
 * read); the line is built only when the response is finished. The request context is an `AsyncLocalStorage`: on
 * Node 20 and 22 it keeps Node's promise hooks on while requests are served, measured at about 8% more CPU for a
 * content read answered from the output cache (Node 24's async context frames make it nearly free).
 */
export function requestLog(logger: Logger, options: RequestLogOptions = {}): RequestHandler {
  const { observe } = options;
  const mounts = options.mounts ?? [];
  return (req: Request, res: Response, next: NextFunction) => {
    const context: RequestContext = { reqId: requestIdOf(req.headers['x-request-id']) };
    res.setHeader('X-Request-Id', context.reqId);
    const logging = logger.isLevelEnabled('info');
    if (logging || observe) {
      const start = performance.now();
      res.once('finish', () => {
        const seconds = (performance.now() - start) / 1000;
        const route = routeLabel(req, res, mounts);
        observe?.(req.method, route, res.statusCode, seconds);
        if (!logging) return;
        const line = {
          reqId: context.reqId,
          ...(context.userId === undefined ? {} : { userId: context.userId }),
          method: req.method,
          url: req.originalUrl,
          route,
          status: res.statusCode,
          ms: Math.round(seconds * 1e6) / 1000,
          userAgent: req.get('user-agent'),
        };
        if (res.statusCode >= 500) logger.error(line, 'request failed');
        else logger.info(line, 'request');
      });
    }
    requestContext.run(context, next);
  };
}
