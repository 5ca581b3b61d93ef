import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { Router, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { methodNotAllowed, sendJsonError } from '../http-policy.js';

/** Where the content browser's build is: `apps/admin/dist` of this repository (`pnpm build` makes it). */
export const ADMIN_DIST_DIR = fileURLToPath(new URL('../../../admin/dist/', import.meta.url));

/** Options of {@link createAdminApp}. */
export interface AdminAppOptions {
  /** Full path the app is served at, e.g. `/admin` or `/cms/admin` (no trailing slash). */
  readonly path: string;
  /** Full path of the REST API root the app calls, e.g. `/api/ibexa/v2`. */
  readonly restRoot: string;
  /** The built app (index.html and `assets/`); defaults to {@link ADMIN_DIST_DIR}. */
  readonly distDir?: string;
  readonly logger: Logger;
}

/** Cache lifetime of the hashed assets: a year, immutable (a new build has new file names). */
const ASSET_CACHE = 'public, max-age=31536000, immutable';

const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The content browser (a single-page application using only the public REST API), as a router to mount at
 * `options.path`: its hashed assets from `assets/` with a year's immutable caching, and its page (`index.html`,
 * `Cache-Control: no-cache`) for the path itself and every other path below it, so that the app's own routes
 * (`/admin/content/52`) survive a reload. The page is given `<base href>` of the mount path and the REST root in
 * `<meta name="contentrepo-rest-root">`, so the app works under any `BASE_PATH`. A missing asset is a 404; methods
 * other than GET and HEAD are 405. When the app was not built, its paths answer 503 with how to build it (the rest
 * of the server works as usual).
 */
export function createAdminApp(options: AdminAppOptions): Router {
  const distDir = options.distDir ?? ADMIN_DIST_DIR;
  const router = Router({ strict: false });
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    options.logger.warn({ distDir }, 'The content browser is not built (run the build): its path answers 503');
    router.get('/{*rest}', (_req: Request, res: Response) => {
      res.status(503).type('text/plain').set('Cache-Control', 'no-store').send('The content browser is not built. Run `npx pnpm@10 build` and restart the server.\n');
    });
    router.all('/{*rest}', methodNotAllowed(['GET', 'HEAD']));
    return router;
  }
  const page = readFileSync(indexFile, 'utf8')
    .replace('<head>', `<head>\n    <base href="${escapeAttribute(options.path)}/" />`)
    .replace(/(<meta name="contentrepo-rest-root" content=")[^"]*(")/, `$1${escapeAttribute(options.restRoot)}$2`);
  router.use(
    '/assets',
    express.static(join(distDir, 'assets'), {
      index: false,
      fallthrough: true,
      setHeaders: (res) => res.setHeader('Cache-Control', ASSET_CACHE),
    }),
  );
  router.get('/assets/{*rest}', (_req: Request, res: Response) => sendJsonError(res, 404));
  router.get('/{*rest}', (_req: Request, res: Response) => {
    res.status(200).type('html').set('Cache-Control', 'no-cache').send(page);
  });
  router.all('/{*rest}', methodNotAllowed(['GET', 'HEAD']));
  return router;
}
