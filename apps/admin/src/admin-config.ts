/**
 * Where the app runs: the REST root and the app's own base path, given by the server in the page's `<meta
 * name="contentrepo-rest-root">` and `<base href>` (so that the app works under any `BASE_PATH` and `ADMIN_PATH`).
 */

function meta(name: string, fallback: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? fallback;
}

/** The REST API root path, e.g. `/api/ibexa/v2` (no trailing slash). */
export const REST_ROOT: string = meta('contentrepo-rest-root', '/api/ibexa/v2').replace(/\/$/, '');

/** The path the app is served at, e.g. `/admin` (no trailing slash), from `<base href>`. */
export const APP_BASE: string = new URL(document.baseURI).pathname.replace(/\/$/, '');
