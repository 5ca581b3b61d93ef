import { useEffect, useState } from 'preact/hooks';
import { APP_BASE } from './admin-config.js';

/**
 * A small history router: app paths (`/content/52`) map to URLs below the app's base path (`/admin/content/52`);
 * the server answers the app's page for any of them, so a reload or a shared link opens the same screen.
 */

const listeners = new Set<() => void>();

/** The current app path (below the base), with its query string. */
export function currentPath(): string {
  const path = location.pathname.startsWith(APP_BASE) ? location.pathname.slice(APP_BASE.length) : location.pathname;
  return (path === '' ? '/' : path) + location.search;
}

/** The URL of an app path, for `href`s. */
export function hrefOf(path: string): string {
  return `${APP_BASE}${path}`;
}

/** Goes to an app path (a new history entry, or replacing the current one). */
export function navigate(path: string, replace = false): void {
  if (replace) history.replaceState(null, '', hrefOf(path));
  else history.pushState(null, '', hrefOf(path));
  for (const listener of listeners) listener();
  window.scrollTo(0, 0);
}

addEventListener('popstate', () => {
  for (const listener of listeners) listener();
});

/** The current app path, re-rendering on navigation. */
export function usePath(): string {
  const [path, setPath] = useState(currentPath);
  useEffect(() => {
    const listener = (): void => setPath(currentPath());
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, []);
  return path;
}

/**
 * Click handler for in-app links: plain left clicks navigate without reloading; modified clicks (new tab) are left
 * to the browser.
 */
export function onLinkClick(event: MouseEvent): void {
  const anchor = (event.currentTarget as HTMLAnchorElement | null) ?? undefined;
  if (anchor === undefined || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const href = anchor.getAttribute('href');
  if (href === null || !href.startsWith(APP_BASE)) return;
  event.preventDefault();
  navigate(href.slice(APP_BASE.length) || '/');
}
