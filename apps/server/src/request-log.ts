import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';

/**
 * Logs one JSON line per finished request at `info` (`method`, `url`, `status`, `ms`, `userAgent`), 5xx at
 * `error`. Costs nothing when the logger's level is above `info` (pino-http's per-request child loggers and
 * serializers were a measurable share of a content read).
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!logger.isLevelEnabled('info')) {
      next();
      return;
    }
    const start = process.hrtime.bigint();
    res.once('finish', () => {
      const line = {
        method: req.method,
        url: req.originalUrl,
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - start) / 1000n) / 1000,
        userAgent: req.get('user-agent'),
      };
      if (res.statusCode >= 500) logger.error(line, 'request failed');
      else logger.info(line, 'request');
    });
    next();
  };
}
