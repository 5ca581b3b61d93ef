/**
 * The HTML shell shared by the server's own web pages (landing page, login page, GraphiQL): a document with the
 * pages' stylesheet, a header with the product name and who is signed in, and no inline script (the pages'
 * Content-Security-Policy allows scripts from this origin only; see http-policy.ts).
 */

/** Text made safe for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Who the header shows as signed in: their login, or null for the anonymous user. */
export type SignedInAs = string | null;

/** What {@link renderPage} renders. */
export interface PageContent {
  /** The document title (plain text). */
  readonly title: string;
  /** The server's base path (`BASE_PATH`, '' or like `/cms`), prefixed to every link. */
  readonly basePath: string;
  /** The login of the signed-in user (null: nobody), shown in the header with a logout or login link. */
  readonly signedInAs: SignedInAs;
  /** Already escaped HTML of the page's main content. */
  readonly main: string;
  /** URLs of extra stylesheets and module scripts (same origin). */
  readonly stylesheets?: readonly string[];
  readonly scripts?: readonly string[];
  /** Class of `<body>` (e.g. a full-height layout). */
  readonly bodyClass?: string;
}

/** URL of the pages' stylesheet (see server-page-assets.ts), set once the assets are known. */
export interface PageAssets {
  readonly stylesheet: string;
}

/** A whole HTML document: `<head>` with the stylesheets and scripts, a header, then `main`. */
export function renderPage(content: PageContent, assets: PageAssets): string {
  const { basePath, signedInAs } = content;
  const links = [assets.stylesheet, ...(content.stylesheets ?? [])].map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  const scripts = (content.scripts ?? []).map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`).join('');
  const account =
    signedInAs === null
      ? `<a class="button" href="${escapeHtml(`${basePath}/login`)}">Log in</a>`
      : `<span class="who">Signed in as <strong>${escapeHtml(signedInAs)}</strong></span><a class="button" href="${escapeHtml(`${basePath}/logout`)}">Log out</a>`;
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">' +
    `<title>${escapeHtml(content.title)}</title>${links}${scripts}</head>` +
    `<body${content.bodyClass ? ` class="${escapeHtml(content.bodyClass)}"` : ''}>` +
    `<header class="bar"><a class="brand" href="${escapeHtml(`${basePath}/`)}">contentrepo</a><nav class="account">${account}</nav></header>` +
    `${content.main}</body></html>`
  );
}
