// GraphiQL, the GraphQL explorer page of the server (bundled by scripts/build-web-assets.mjs; served by
// src/web/graphiql-page.ts). It runs every operation as the signed-in user: the browser sends the session cookie
// itself (same origin), and this fetcher adds the session's CSRF token, which mutations of a session need, as REST's
// unsafe methods do. The token is read once from REST `GET /user/sessions/current` (404 there: no session, no token)
// and read again after a refusal, e.g. when the user signed in or out in another tab.
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import 'graphiql/style.css';

const container = document.getElementById('graphiql');
const { endpoint, rest, defaultQuery } = container.dataset;

/** The CSRF token of the current session, or null without a session; a promise shared by concurrent callers. */
let csrfToken = null;
function currentCsrfToken() {
  csrfToken ??= fetch(`${rest}/user/sessions/current`, { headers: { Accept: 'application/vnd.ibexa.api.Session+json' }, credentials: 'same-origin' })
    .then((response) => (response.ok ? response.json() : null))
    .then((body) => body?.Session?.csrfToken ?? null)
    .catch(() => null);
  return csrfToken;
}

/** `fetch` with the session's CSRF token; a 401 is retried once with a token read afresh. */
async function fetchWithCsrfToken(input, init = {}) {
  const send = async () => {
    const headers = new Headers(init.headers);
    const token = await currentCsrfToken();
    if (token !== null) headers.set('X-CSRF-Token', token);
    return fetch(input, { ...init, headers, credentials: 'same-origin' });
  };
  const response = await send();
  if (response.status !== 401) return response;
  csrfToken = null;
  return send();
}

const fetcher = createGraphiQLFetcher({ url: endpoint, fetch: fetchWithCsrfToken });
const query = new URLSearchParams(window.location.search).get('query') ?? undefined;
createRoot(container).render(createElement(GraphiQL, { fetcher, defaultQuery, query, defaultEditorToolsVisibility: false }));
