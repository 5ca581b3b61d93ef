import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createOpenApiDocument, type OpenApiDocument } from '@contentrepo/rest-adapter';
import type { Express, Request, Response } from 'express';
import { stringify } from 'yaml';

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

/** Directory of the installed `swagger-ui-dist` package. */
function swaggerUiDirectory(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/**
 * Serves the REST reference under `restPath` (mount it before the REST router, which answers every other path below
 * the prefix): `GET <restPath>/openapi.json` and `/openapi.yaml` (the document, built on first request, its server
 * being `restPath` so that `BASE_PATH` is honoured) and the viewer at `<restPath>/docs/` (`/docs` redirects there).
 * @throws Error at the first request of the document if a route has no reference note (a programming error).
 */
export function mountRestReference(app: Express, options: RestReferenceOptions): void {
  let document: OpenApiDocument | undefined;
  let json: string | undefined;
  let yaml: string | undefined;
  const openApi = (): OpenApiDocument =>
    (document ??= createOpenApiDocument({ serverUrl: options.restPath, sessionCookieName: options.sessionCookieName, basicAuth: options.basicAuth, bearerAuth: true }));
  const send = (res: Response, type: string, body: string): void => {
    res.set('Content-Type', type).set('Cache-Control', 'no-cache').send(body);
  };
  app.get(`${options.restPath}/openapi.json`, (_req: Request, res: Response) => send(res, 'application/json; charset=utf-8', (json ??= JSON.stringify(openApi()))));
  app.get(`${options.restPath}/openapi.yaml`, (_req: Request, res: Response) => send(res, 'application/yaml; charset=utf-8', (yaml ??= stringify(openApi(), { aliasDuplicateObjects: false }))));

  const viewer = `${options.restPath}${REST_REFERENCE_VIEWER}`;
  // Express matches `/docs` and `/docs/` alike: the page's relative links need the slash.
  app.get(viewer, (req: Request, res: Response) => {
    if (req.path.endsWith('/')) send(res, 'text/html; charset=utf-8', VIEWER_PAGE);
    else res.redirect(301, `${viewer}/`);
  });
  app.get(`${viewer}/reference.js`, (_req: Request, res: Response) => send(res, 'application/javascript; charset=utf-8', VIEWER_SCRIPT));
  app.get(`${viewer}/reference.css`, (_req: Request, res: Response) => send(res, 'text/css; charset=utf-8', VIEWER_STYLE));
  const assets = swaggerUiDirectory();
  for (const [name, type] of Object.entries(VIEWER_ASSETS)) {
    app.get(`${viewer}/${name}`, (_req: Request, res: Response, next) => {
      res.sendFile(join(assets, name), { headers: { 'Content-Type': type }, maxAge: '1d', dotfiles: 'allow' }, (error) => {
        if (error) next(error);
      });
    });
  }
}
