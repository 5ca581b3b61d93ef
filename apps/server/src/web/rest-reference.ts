import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createOpenApiDocument, type BesideRouterRoute, type OpenApiDocument } from '@contentrepo/rest-adapter';
import type { Express, NextFunction, Request, Response } from 'express';

/**
 * The REST reference served by the server itself: the OpenAPI 3.1 document of the REST API (built by the REST
 * adapter from its route table) as JSON and YAML, and a Swagger UI viewer whose files come from the installed
 * `swagger-ui-dist` package — nothing is loaded from another origin, and the page has no inline script (its
 * Content-Security-Policy is the server's same-origin page policy).
 */

/** Options of {@link mountRestReference}. */
export interface RestReferenceOptions {
  /** Full path of the REST prefix (`<BASE_PATH>/api/ibexa/v2`): the document's server, and where it is served. */
  readonly restPath: string;
  /** Name of the session cookie (the HttpAuth's `cookieName`). */
  readonly sessionCookieName: string;
  /** Whether HTTP Basic is accepted (`AUTH_BASIC`): listed as a security scheme only then. */
  readonly basicAuth: boolean;
  /** The routes the server mounts under the REST prefix beside the REST router (the event stream): documented too. */
  readonly besideRouter: readonly BesideRouterRoute[];
}

/** The viewer's path below the REST prefix (a page path: it gets the same-origin page policy). */
export const REST_REFERENCE_VIEWER = '/docs';

/** The files of `swagger-ui-dist` the viewer uses, by the name they are served under. */
const VIEWER_ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const VIEWER_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>contentrepo REST API reference</title>
<link rel="icon" type="image/png" href="favicon-32x32.png">
<link rel="stylesheet" href="swagger-ui.css">
<link rel="stylesheet" href="reference.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="swagger-ui-bundle.js"></script>
<script src="reference.js"></script>
</body>
</html>
`;

/**
 * Starts Swagger UI on the document beside the page, and lets "Try it out" act as the signed-in user: the CSRF token
 * of a session opened or read through the viewer (`POST /user/sessions`, `GET /user/sessions/current`) is sent in
 * `X-CSRF-Token` on unsafe requests (the session cookie goes with every same-origin request anyway).
 */
const VIEWER_SCRIPT = `'use strict';
(function () {
  var csrfToken = null;
  window.addEventListener('load', function () {
    window.ui = SwaggerUIBundle({
      url: '../openapi.json',
      dom_id: '#swagger-ui',
      deepLinking: true,
      docExpansion: 'none',
      defaultModelsExpandDepth: 0,
      presets: [SwaggerUIBundle.presets.apis],
      layout: 'BaseLayout',
      requestInterceptor: function (request) {
        var method = (request.method || 'GET').toUpperCase();
        if (csrfToken && ['GET', 'HEAD', 'OPTIONS'].indexOf(method) < 0 && !request.headers['X-CSRF-Token']) request.headers['X-CSRF-Token'] = csrfToken;
        return request;
      },
      responseInterceptor: function (response) {
        var session = response.body && response.body.Session;
        if (session && typeof session.csrfToken === 'string') csrfToken = session.csrfToken;
        return response;
      }
    });
  });
})();
`;

const VIEWER_STYLE = `body { margin: 0; } .swagger-ui .topbar { display: none; }\n`;

/**
 * Directory of the installed `swagger-ui-dist` package, found on first use (through the package's own module, so that
 * it is found wherever this module is bundled; the package is never loaded at start).
 */
let swaggerUiDirectory: Promise<string> | undefined;
const swaggerUi = (): Promise<string> => (swaggerUiDirectory ??= import('swagger-ui-dist/absolute-path.js').then((module) => module.default()));

/**
 * Serves the REST reference under `restPath` (mount it before the REST router, which answers every other path below
 * the prefix): `GET <restPath>/openapi.json` and `/openapi.yaml` (the document, built on first request, its server
 * being `restPath` so that `BASE_PATH` is honoured) and the viewer at `<restPath>/docs/` (`/docs` redirects there).
 * @throws Error at the first request of the document if a route has no reference note (a programming error).
 */
export function mountRestReference(app: Express, options: RestReferenceOptions): void {
  let document: OpenApiDocument | undefined;
  const openApi = (): OpenApiDocument =>
    (document ??= createOpenApiDocument({ serverUrl: options.restPath, sessionCookieName: options.sessionCookieName, basicAuth: options.basicAuth, bearerAuth: true, besideRouter: options.besideRouter }));
  const serve = (path: string, type: string, cacheControl: string, load: () => Promise<string | Buffer>): void => {
    const body = compressible(load);
    app.get(path, (req: Request, res: Response, next: NextFunction) => {
      body().then(({ raw, gzipped }) => {
        res.set('Content-Type', type).set('Cache-Control', cacheControl).vary('Accept-Encoding');
        if (req.acceptsEncodings('gzip', 'identity') === 'gzip') res.set('Content-Encoding', 'gzip').send(gzipped);
        else res.send(raw);
      }, next);
    });
  };
  serve(`${options.restPath}/openapi.json`, 'application/json; charset=utf-8', 'no-cache', async () => JSON.stringify(openApi()));
  serve(`${options.restPath}/openapi.yaml`, 'application/yaml; charset=utf-8', 'no-cache', async () => (await import('yaml')).stringify(openApi(), { aliasDuplicateObjects: false }));

  const viewer = `${options.restPath}${REST_REFERENCE_VIEWER}`;
  // Express matches `/docs` and `/docs/` alike: the page's relative links need the slash.
  app.get(viewer, (req: Request, res: Response, next) => {
    if (req.path.endsWith('/')) next();
    else res.redirect(301, `${viewer}/`);
  });
  serve(`${viewer}/`, 'text/html; charset=utf-8', 'no-cache', async () => VIEWER_PAGE);
  serve(`${viewer}/reference.js`, 'application/javascript; charset=utf-8', 'no-cache', async () => VIEWER_SCRIPT);
  serve(`${viewer}/reference.css`, 'text/css; charset=utf-8', 'no-cache', async () => VIEWER_STYLE);
  for (const [name, type] of Object.entries(VIEWER_ASSETS)) serve(`${viewer}/${name}`, type, 'public, max-age=86400', async () => readFile(join(await swaggerUi(), name)));
}

/** A body read (or built) on first use and kept, with its gzip form: the viewer's script is 1.7 MB, 0.46 MB gzipped. */
function compressible(load: () => Promise<string | Buffer>): () => Promise<{ raw: Buffer; gzipped: Buffer }> {
  let body: Promise<{ raw: Buffer; gzipped: Buffer }> | undefined;
  return () =>
    (body ??= load().then(
      (loaded) => {
        const raw = typeof loaded === 'string' ? Buffer.from(loaded, 'utf8') : loaded;
        return { raw, gzipped: gzipSync(raw) };
      },
      (error: unknown) => {
        body = undefined; // try again on the next request
        throw error;
      },
    ));
}
