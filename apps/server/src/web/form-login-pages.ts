import { isRepositoryError, type Repository } from '@contentrepo/core';
import { LoginThrottledError, LoginThrottleUnavailableError, readCookie, type HttpAuth } from '@contentrepo/http-auth';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { methodNotAllowed } from '../http-policy.js';
import { LOGIN_CSRF_COOKIE, LOGIN_CSRF_MAX_AGE_SECONDS, type LoginCsrf } from './form-login-csrf.js';
import { escapeHtml, renderPage, type PageAssets } from './server-page-layout.js';
import { signedInLogin } from './page-signed-in-login.js';

/** What the login pages need. */
export interface LoginPageOptions {
  readonly auth: HttpAuth;
  readonly repository: Repository;
  readonly csrf: LoginCsrf;
  readonly assets: PageAssets;
  /** `BASE_PATH` ('' or like `/cms`): the routes are `<basePath>/login`, `/login_check` and `/logout`. */
  readonly basePath: string;
}

/** Symfony's message for a form whose CSRF token is missing, expired or forged. */
export const INVALID_CSRF_MESSAGE = 'Invalid CSRF token.';
/** Symfony's message for a wrong login or password (also an unknown or disabled user). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid credentials.';

/**
 * Whether `path` may follow a login or logout: a path of this origin (`/…`, not `//host` nor `/\host`, no control
 * characters or spaces), so the form cannot send a user to another site (an open redirect).
 */
export function isLocalPath(path: unknown): path is string {
  return typeof path === 'string' && path.length <= 2048 && /^\/(?![/\\])[^\s\\]*$/.test(path) && !/[\u0000-\u001f\u007f]/.test(path);
}

/** A body field or query parameter as a string (null when absent or not a string). */
function field(source: unknown, name: string): string | null {
  if (typeof source !== 'object' || source === null) return null;
  const value = (source as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : null;
}

/** The state of the form to render: an error, the login to keep, where to go after. */
interface FormState {
  readonly status: number;
  readonly error: string | null;
  readonly username: string;
  readonly targetPath: string | null;
}

/**
 * The login page Ibexa serves (Symfony `form_login`) and logout, on the same sessions as REST `POST /user/sessions`:
 * - `GET <basePath>/login`: an HTML form posting to `login_check`, with `_username`, `_password`, `_csrf_token`
 *   (see form-login-csrf.ts), `_target_path` when the query names a local path, and a `Login` button.
 * - `POST <basePath>/login_check` (form-encoded): a missing, expired or forged CSRF token → 403 and the form again
 *   with `Invalid CSRF token.`, before any password is checked; wrong credentials → 401 and the form with
 *   `Invalid credentials.` (counted by the failed-login throttling: 429 with `Retry-After` while blocked, 503 when its
 *   counters are unreachable); success → a new session (any session the cookie held is closed first), its cookie set
 *   as REST sets it, and `302` to `_target_path` when it is a local path, else to `<basePath>/`.
 * - `GET` or `POST <basePath>/logout`: closes the cookie's session, deletes the cookie (Symfony's form) and redirects
 *   to `_target_path` when local, else to the login page.
 * The cookie is the REST session cookie: REST accepts it (with `X-CSRF-Token`, from `GET /user/sessions/current`,
 * on unsafe methods), as does GraphQL.
 */
export function loginPages(options: LoginPageOptions): Router {
  const { auth, csrf, basePath } = options;
  const router = express.Router();
  const parseForm = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 });

  const renderForm = async (req: Request, res: Response, state: FormState): Promise<void> => {
    const issued = csrf.issue(readCookie(req.get('cookie'), LOGIN_CSRF_COOKIE));
    res.cookie(LOGIN_CSRF_COOKIE, issued.nonce, { path: basePath || '/', httpOnly: true, sameSite: 'strict', maxAge: LOGIN_CSRF_MAX_AGE_SECONDS * 1000, secure: req.secure });
    res.set('Cache-Control', 'no-store');
    const login = await signedInLogin(auth, options.repository, req);
    const notice = login === null ? '' : `<p class="notice">You are signed in as <strong>${escapeHtml(login)}</strong>; logging in again replaces that session.</p>`;
    const error = state.error === null ? '' : `<p class="error" role="alert">${escapeHtml(state.error)}</p>`;
    const target = state.targetPath === null ? '' : `<input type="hidden" name="_target_path" value="${escapeHtml(state.targetPath)}">`;
    const main =
      `<main><form class="login" method="post" action="${escapeHtml(`${basePath}/login_check`)}">` +
      `<h1>Log in</h1>${notice}${error}` +
      `<label for="username">Username</label><input type="text" id="username" name="_username" value="${escapeHtml(state.username)}" autocomplete="username" required autofocus>` +
      '<label for="password">Password</label><input type="password" id="password" name="_password" autocomplete="current-password" required>' +
      `<input type="hidden" name="_csrf_token" value="${escapeHtml(issued.token)}">${target}` +
      '<button type="submit" name="login">Login</button></form></main>';
    res.status(state.status).type('html').send(renderPage({ title: 'Log in · contentrepo', basePath, signedInAs: login, main }, options.assets));
  };

  router.get('/login', (req, res, next) => {
    const target = field(req.query, '_target_path');
    renderForm(req, res, { status: 200, error: null, username: '', targetPath: isLocalPath(target) ? target : null }).catch(next);
  });
  router.all('/login', methodNotAllowed(['GET', 'HEAD']));

  router.post('/login_check', parseForm, (req: Request, res: Response, next: NextFunction) => {
    const username = field(req.body, '_username') ?? '';
    const password = field(req.body, '_password') ?? '';
    const target = field(req.body, '_target_path');
    const targetPath = isLocalPath(target) ? target : null;
    const again = (status: number, error: string): Promise<void> => renderForm(req, res, { status, error, username, targetPath });
    const run = async (): Promise<void> => {
      if (!csrf.verify(readCookie(req.get('cookie'), LOGIN_CSRF_COOKIE), field(req.body, '_csrf_token'))) return again(403, INVALID_CSRF_MESSAGE);
      if (username === '' || password === '') return again(401, INVALID_CREDENTIALS_MESSAGE);
      let userId: number;
      let passwordUpdatedAt: Date | null;
      try {
        const user = await auth.login(username, password, req.ip);
        userId = user.contentInfo.id;
        passwordUpdatedAt = user.passwordUpdatedAt;
      } catch (error) {
        if (error instanceof LoginThrottledError || error instanceof LoginThrottleUnavailableError) {
          res.set('Retry-After', String(error.retryAfterSeconds));
          return again(error instanceof LoginThrottledError ? 429 : 503, error.message);
        }
        if (isRepositoryError(error) && (error.code === 'Unauthorized' || error.code === 'NotFound')) return again(401, INVALID_CREDENTIALS_MESSAGE);
        throw error;
      }
      // A new session id at every login (no session fixation); the one the cookie held, if any, ends.
      const previous = auth.credentialsOf(req).sessionId;
      if (previous !== null) await auth.closeSession(previous);
      const session = await auth.openSession(userId, passwordUpdatedAt);
      res.cookie(auth.cookieName, session.id, { path: '/', httpOnly: true, sameSite: 'lax' });
      res.clearCookie(LOGIN_CSRF_COOKIE, { path: basePath || '/', httpOnly: true, sameSite: 'strict' });
      res.set('Cache-Control', 'no-store');
      res.redirect(302, targetPath ?? `${basePath}/`);
    };
    run().catch(next);
  });
  router.all('/login_check', methodNotAllowed(['POST']));

  const logout = (req: Request, res: Response, next: NextFunction): void => {
    const target = field(req.method === 'POST' ? req.body : req.query, '_target_path');
    const sessionId = auth.credentialsOf(req).sessionId;
    (sessionId === null ? Promise.resolve() : auth.closeSession(sessionId))
      .then(() => {
        res.append('Set-Cookie', auth.deletedCookieHeader());
        res.set('Cache-Control', 'no-store');
        res.redirect(302, isLocalPath(target) ? target : `${basePath}/login`);
      })
      .catch(next);
  };
  router.get('/logout', logout);
  router.post('/logout', parseForm, logout);
  router.all('/logout', methodNotAllowed(['GET', 'HEAD', 'POST']));
  return router;
}
