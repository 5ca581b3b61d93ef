import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { messageOf } from './api/api-error.js';
import { currentSession, logout, type SignedInUser } from './api/session-api.js';
import { ContentPage } from './components/content-page.js';
import { CreatePage } from './components/create-page.js';
import { EditPage } from './components/edit-page.js';
import { ErrorMessage } from './components/error-message.js';
import { Link } from './components/link.js';
import { LocationTree } from './components/location-tree.js';
import { LoginForm } from './components/login-form.js';
import { SearchPage } from './components/search-page.js';
import { TrashPage } from './components/trash-page.js';
import { navigate, usePath } from './history-router.js';
import { SessionContext, TreeChangeContext, type TreeChange } from './session-context.js';

/** The screen of an app path, and the content it shows (marked in the tree). */
function route(path: string): { readonly screen: JSX.Element; readonly contentId?: number } {
  const [pathname = '/', query = ''] = path.split('?');
  let match: RegExpMatchArray | null;
  if ((match = pathname.match(/^\/content\/(\d+)\/versions\/(\d+)\/edit$/))) {
    const contentId = Number(match[1]);
    return { screen: <EditPage contentId={contentId} versionNo={Number(match[2])} />, contentId };
  }
  if ((match = pathname.match(/^\/content\/(\d+)$/))) {
    const contentId = Number(match[1]);
    return { screen: <ContentPage contentId={contentId} />, contentId };
  }
  if ((match = pathname.match(/^\/create\/(\d+)\/(\d+)$/))) return { screen: <CreatePage parentLocationId={Number(match[1])} contentTypeId={Number(match[2])} /> };
  if (pathname === '/search') return { screen: <SearchPage query={query} /> };
  if (pathname === '/trash') return { screen: <TrashPage /> };
  if (pathname === '/' || pathname === '') return { screen: <ContentPage contentId={1} />, contentId: 1 };
  return { screen: <div class="card">Nothing here. <Link to="/">Go to the content</Link></div> };
}

/**
 * The app: the sign-in form until a session exists (the cookie's session is picked up on load), then the shell — a
 * header (search, trash, the user, sign out), the location tree on the left and the current screen on the right.
 */
export function App() {
  const [user, setUser] = useState<SignedInUser | undefined | null>(null);
  const [bootError, setBootError] = useState<unknown>();
  const [treeChange, setTreeChange] = useState<TreeChange | undefined>();
  const path = usePath();
  useEffect(() => {
    currentSession().then(
      (session) => setUser(session),
      (error: unknown) => {
        setBootError(error);
        setUser(undefined);
      },
    );
  }, []);
  if (user === null) return <p class="boot">Loading…</p>;
  if (user === undefined) {
    return (
      <>
        {bootError === undefined ? null : <ErrorMessage error={bootError} />}
        <LoginForm onSignedIn={(signedIn) => setUser(signedIn)} />
      </>
    );
  }
  const { screen, contentId } = route(path);
  const announce = (locationIds: readonly number[]): void => setTreeChange({ locationIds, serial: (treeChange?.serial ?? 0) + 1 });
  return (
    <SessionContext.Provider value={user}>
      <TreeChangeContext.Provider value={{ last: treeChange, announce }}>
        <header class="top">
          <Link to="/" class="brand">
            <span class="logo" aria-hidden="true">◆</span> contentrepo
          </Link>
          <form
            class="quick-search"
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              const text = String(new FormData(event.currentTarget).get('q') ?? '');
              navigate(`/search?q=${encodeURIComponent(text)}`);
            }}
          >
            <input name="q" type="search" placeholder="Search…" aria-label="Quick search" />
          </form>
          <nav class="top-links">
            <Link to="/search">Search</Link>
            <Link to="/trash">Trash</Link>
          </nav>
          <span class="user" title={user.policiesKnown ? user.login : `${user.login}: your permissions cannot be read, so every action is offered and refusals are reported`}>
            {user.name}
          </span>
          <button
            type="button"
            class="sign-out"
            onClick={() => void (async () => {
              try {
                await logout(user);
              } catch (error) {
                alert(`Signing out failed: ${messageOf(error)}`);
                return;
              }
              setUser(undefined);
              navigate('/', true);
            })()}
          >
            Sign out
          </button>
        </header>
        <div class="layout">
          <aside>
            <LocationTree currentContentId={contentId} />
          </aside>
          <main>{screen}</main>
        </div>
      </TreeChangeContext.Provider>
    </SessionContext.Provider>
  );
}
