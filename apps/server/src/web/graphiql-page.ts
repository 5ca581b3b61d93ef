import type { Repository } from '@contentrepo/core';
import type { HttpAuth } from '@contentrepo/http-auth';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { escapeHtml, renderPage, type PageAssets } from './server-page-layout.js';
import { signedInLogin } from './page-signed-in-login.js';
import type { WebAssets } from './server-page-assets.js';

/** What the GraphiQL page needs. */
export interface GraphiQLPageOptions {
  readonly auth: HttpAuth;
  readonly repository: Repository;
  readonly assets: PageAssets;
  /** GraphiQL's bundle (null URLs when it was not built). */
  readonly webAssets: WebAssets;
  readonly basePath: string;
  /** Full path of the GraphQL endpoint (the page's own path). */
  readonly endpoint: string;
  /** Full path of the REST API root (the page reads the session's CSRF token from it). */
  readonly restPath: string;
}

/** The query GraphiQL opens with (its own storage keeps the user's tabs afterwards). */
export const GRAPHIQL_DEFAULT_QUERY = `# Runs as the signed-in user. Ctrl-Enter runs, Ctrl-Space completes.
{
  item(contentId: 1) {
    _name
    _info { id modificationDate { format(pattern: "Y-m-d") } }
  }
}
`;

/**
 * `GET <basePath><graphqlPath>` from a browser (`Accept` preferring `text/html` to JSON): GraphiQL, served from this
 * server only (its bundle is built by `scripts/build-web-assets.mjs`; no CDN, no external font). `?query=` opens
 * with that query. Every other request goes on to the GraphQL endpoint. When the bundle was not built, the page
 * says so (503) instead.
 */
export function graphiqlPage(options: GraphiQLPageOptions): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    res.vary('Accept');
    if (req.accepts(['application/json', 'application/graphql-response+json', 'text/html']) !== 'text/html') return next();
    const script = options.webAssets.url('graphiql.js');
    const stylesheet = options.webAssets.url('graphiql.css');
    signedInLogin(options.auth, options.repository, req)
      .then((login) => {
        res.set('Cache-Control', 'no-store');
        const page = { title: 'GraphiQL · contentrepo', basePath: options.basePath, signedInAs: login };
        if (script === null || stylesheet === null) {
          const main =
            '<main class="unavailable"><h1>GraphiQL is not built</h1><p>Its files are made by the build: run ' +
            '<code>npx -y pnpm@10 build</code> and restart the server.</p></main>';
          res.status(503).type('html').send(renderPage({ ...page, main }, options.assets));
          return;
        }
        const main =
          `<div id="graphiql" data-endpoint="${escapeHtml(options.endpoint)}" data-rest="${escapeHtml(options.restPath)}" ` +
          `data-default-query="${escapeHtml(GRAPHIQL_DEFAULT_QUERY)}">Loading GraphiQL…</div>`;
        res.type('html').send(renderPage({ ...page, main, bodyClass: 'explorer', stylesheets: [stylesheet], scripts: [script] }, options.assets));
      })
      .catch(next);
  };
}
