import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/**
 * The static files of the server's own web pages, served below `<basePath>/web-assets/`: the pages' stylesheet
 * (`web/pages.css`, in the repository) and GraphiQL's bundle (`web/dist/graphiql.js` and `.css`, built by
 * `scripts/build-web-assets.mjs` with brotli and gzip copies, and its fonts in `web/dist/fonts/`). Only these names are served (no path from the URL
 * reaches the file system). Each URL the pages link carries `?v=<hash of the content>`, which may be cached for a year
 * (`immutable`); any other URL of a file is `no-cache` (revalidated by its ETag).
 */

/** Folder `web/` of the server package (from src/web/ and from dist/web/ alike). */
const WEB_DIR = fileURLToPath(new URL('../../web/', import.meta.url));

/** The files served, by URL name: where they are and their media type. */
const FILES = {
  'pages.css': { path: `${WEB_DIR}pages.css`, type: 'text/css; charset=utf-8' },
  'graphiql.js': { path: `${WEB_DIR}dist/graphiql.js`, type: 'text/javascript; charset=utf-8' },
  'graphiql.css': { path: `${WEB_DIR}dist/graphiql.css`, type: 'text/css; charset=utf-8' },
} as const;

/** Name of a served file. */
export type WebAssetName = keyof typeof FILES;

/** One loaded file: its bytes, pre-compressed copies when built, and the hash its URL carries. */
interface LoadedAsset {
  readonly type: string;
  readonly body: Buffer;
  readonly brotli: Buffer | null;
  readonly gzip: Buffer | null;
  readonly hash: string;
}

/** The web assets of one server: their URLs, and the route serving them. */
export interface WebAssets {
  /** `<basePath>/web-assets/<name>?v=<hash>`, or null when the file is missing (GraphiQL's bundle not built). */
  url(name: WebAssetName): string | null;
  /** GET/HEAD of `<basePath>/web-assets/:name` (unknown names: next route, i.e. 404). */
  readonly handler: RequestHandler;
  /** GET/HEAD of GraphiQL's fonts, mounted at `<basePath>/web-assets/fonts` (names carry their hash: cached a year). */
  readonly fonts: RequestHandler;
}

/** Path below the base path that the assets are served at. */
export const WEB_ASSETS_PATH = '/web-assets';

/**
 * Reads the files once (at start; a missing file is left out, so that a server whose GraphiQL bundle was not built
 * still serves everything else).
 */
export async function loadWebAssets(basePath: string): Promise<WebAssets> {
  const loaded = new Map<string, LoadedAsset>();
  for (const [name, file] of Object.entries(FILES)) {
    const body = await readFile(file.path).catch(() => null);
    if (body === null) continue;
    const [brotli, gzip] = await Promise.all([readFile(`${file.path}.br`).catch(() => null), readFile(`${file.path}.gz`).catch(() => null)]);
    loaded.set(name, { type: file.type, body, brotli, gzip, hash: createHash('sha256').update(body).digest('base64url').slice(0, 12) });
  }
  const prefix = `${basePath}${WEB_ASSETS_PATH}/`;
  return {
    url(name) {
      const asset = loaded.get(name);
      return asset ? `${prefix}${name}?v=${asset.hash}` : null;
    },
    fonts: express.static(`${WEB_DIR}dist/fonts`, { immutable: true, maxAge: '1y', index: false, redirect: false, dotfiles: 'ignore' }),
    handler(req: Request, res: Response, next: NextFunction) {
      const asset = loaded.get(String(req.params['name']));
      if (!asset) return next();
      sendAsset(req, res, asset);
    },
  };
}

/** Sends an asset, compressed when the client accepts it and a copy was built; answers 304 to a matching ETag. */
function sendAsset(req: Request, res: Response, asset: LoadedAsset): void {
  const etag = `"${asset.hash}"`;
  res.vary('Accept-Encoding');
  res.set('Cache-Control', req.query['v'] === asset.hash ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.set('ETag', etag);
  res.type(asset.type);
  if (req.get('if-none-match') === etag) {
    res.status(304).end();
    return;
  }
  const encoding = req.acceptsEncodings(['br', 'gzip', 'identity']);
  const [body, coding] =
    encoding === 'br' && asset.brotli ? [asset.brotli, 'br'] : encoding === 'gzip' && asset.gzip ? [asset.gzip, 'gzip'] : [asset.body, null];
  if (coding) res.set('Content-Encoding', coding);
  res.set('Content-Length', String(body.length));
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}

/** The server's version, from its package.json (`0.0.0` when unreadable). */
export async function readServerVersion(): Promise<string> {
  try {
    const manifest: unknown = JSON.parse(await readFile(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'));
    const version = typeof manifest === 'object' && manifest !== null && 'version' in manifest ? manifest.version : undefined;
    return typeof version === 'string' ? version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}
