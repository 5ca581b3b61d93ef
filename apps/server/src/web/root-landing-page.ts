import type { Repository } from '@contentrepo/core';
import type { HttpAuth } from '@contentrepo/http-auth';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { escapeHtml, renderPage, type PageAssets } from './server-page-layout.js';
import { signedInLogin } from './page-signed-in-login.js';

/** Where the landing page links to, all full paths (base path included). */
export interface LandingPageOptions {
  readonly auth: HttpAuth;
  readonly repository: Repository;
  readonly assets: PageAssets;
  readonly basePath: string;
  /** The server's version (package.json). */
  readonly version: string;
  /** REST API root, e.g. `/api/ibexa/v2`. */
  readonly restPath: string;
  /** GraphQL endpoint. */
  readonly graphqlPath: string;
  /** Whether the GraphQL endpoint shows GraphiQL to browsers (`GRAPHIQL`). */
  readonly graphiql: boolean;
  /** The content browser, or null when it is off (`ADMIN`). */
  readonly adminPath: string | null;
  /** The browsable REST reference (the OpenAPI viewer). */
  readonly restReferencePath: string;
}

/** One entry of the landing page: a link, its title and what it is for. */
interface Endpoint {
  readonly key: string;
  readonly title: string;
  readonly href: string;
  readonly description: string;
}

function endpoints(options: LandingPageOptions): Endpoint[] {
  const { basePath } = options;
  const list: Endpoint[] = [];
  if (options.adminPath !== null) {
    list.push({ key: 'admin', title: 'Content browser', href: options.adminPath, description: 'Browse the content tree, edit, publish and search.' });
  }
  list.push(
    {
      key: 'graphql',
      title: options.graphiql ? 'GraphQL explorer' : 'GraphQL API',
      href: options.graphqlPath,
      description: options.graphiql ? 'GraphiQL: write queries with completion and run them as the signed-in user.' : 'The GraphQL endpoint (POST or GET).',
    },
    { key: 'restReference', title: 'REST reference', href: options.restReferencePath, description: 'The OpenAPI description of the REST API, browsable.' },
    { key: 'rest', title: 'REST API', href: `${options.restPath}/`, description: 'Ibexa REST API v2, JSON and XML.' },
    { key: 'login', title: 'Log in', href: `${basePath}/login`, description: 'A session for the pages and both APIs (cookie + CSRF token).' },
    { key: 'health', title: 'Health', href: `${basePath}/healthz`, description: 'Liveness and the database driver, as JSON.' },
  );
  return list;
}

/**
 * `GET <basePath>/`: the landing page — what this server is, its version, and links to the content browser (when
 * on), the GraphQL explorer, the REST reference and API, the login page and the health check; the header says who is
 * signed in. A client that prefers JSON (`Accept: application/json`) gets the same as `{"name", "version",
 * "endpoints": {<key>: {"href", "title"}}}`.
 */
export function landingPage(options: LandingPageOptions): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const list = endpoints(options);
    res.vary('Accept');
    res.set('Cache-Control', 'no-store');
    if (req.accepts(['html', 'json']) === 'json') {
      res.json({
        name: 'contentrepo',
        version: options.version,
        endpoints: Object.fromEntries(list.map((endpoint) => [endpoint.key, { href: endpoint.href, title: endpoint.title }])),
      });
      return;
    }
    signedInLogin(options.auth, options.repository, req)
      .then((login) => {
        const cards = list
          .filter((endpoint) => !(endpoint.key === 'login' && login !== null))
          .map(
            (endpoint) =>
              `<li><a class="card" data-endpoint="${endpoint.key}" href="${escapeHtml(endpoint.href)}"><h2>${escapeHtml(endpoint.title)}</h2>` +
              `<p>${escapeHtml(endpoint.description)}</p><p><code>${escapeHtml(endpoint.href)}</code></p></a></li>`,
          )
          .join('');
        const main =
          '<main><h1>contentrepo</h1>' +
          '<p class="lead">A headless content repository: Ibexa-compatible REST API v2 (JSON and XML) and GraphQL API.</p>' +
          `<ul class="cards">${cards}</ul></main>` +
          `<footer>contentrepo <span class="version">${escapeHtml(options.version)}</span></footer>`;
        res.type('html').send(renderPage({ title: 'contentrepo', basePath: options.basePath, signedInAs: login, main }, options.assets));
      })
      .catch(next);
  };
}
