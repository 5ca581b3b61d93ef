import type { RestHandler, RestResult, RestRoute } from '../http/rest-context.js';
import { RestUnauthorizedError } from '../http/rest-errors.js';
import { parseSessionInput } from '../input/parsers/content-parser.js';
import { sessionNode } from '../output/visitors/user-visitor.js';
import { deleteUser, updateUser, userAggregate, userResult } from './user-account-routes.js';
import { intParam, resource } from './route-support.js';

/** GET /user/users/{id} → User with its current version and ETag (If-None-Match → 304). */
const loadUser: RestHandler = (context) => userResult(context, intParam(context, 'userId'));

/** GET /user/current → 307 to the current user; 401 for the anonymous user. */
const currentUser: RestHandler = async (context) => {
  if (context.userId === context.repository.anonymousUserId) throw new RestUnauthorizedError('No user is logged in');
  return { kind: 'redirect', status: 307, location: context.hrefs.user(context.userId) };
};

/** The session cookie deleted, in Symfony's form (`<name>=deleted; expires=<past>; Max-Age=0; path=/; httponly`). */
const clearCookie = (name: string) => [{ name, value: null }] as const;

/**
 * POST /user/sessions (login): 201 with a new session and its cookie; 200 when the cookie
 * already holds a session of the same user; 409 (empty body) when it holds another user's session. The password
 * check is throttled per login name and client address: 429 with `Retry-After` after too many failures.
 */
const createSession: RestHandler = async (context) => {
  const { data } = await context.input(['SessionInput']);
  const { login, password } = parseSessionInput(data);
  const user = await context.auth.login(login, password, context.clientAddress);
  const cookieName = context.auth.cookieName;
  if (context.session) {
    if (context.session.userId !== user.contentInfo.id) return { kind: 'empty', status: 409 };
    return resource(sessionNode(context.session, cookieName, context.visit));
  }
  const session = await context.auth.openSession(user.contentInfo.id, user.passwordUpdatedAt);
  return {
    kind: 'resource',
    status: 201,
    root: sessionNode(session, cookieName, context.visit),
    cookies: [{ name: cookieName, value: session.id }],
  };
};

/**
 * GET /user/sessions/current: 200 Session (`no-store`: it carries the CSRF token), or 404 with an empty body and the
 * cookie cleared.
 */
const currentSession: RestHandler = async (context) => {
  const cookieName = context.auth.cookieName;
  if (!context.session) return { kind: 'empty', status: 404, cookies: clearCookie(cookieName) };
  return resource(sessionNode(context.session, cookieName, context.visit), { noStore: true });
};

/**
 * The session named in the path, after the controller's own CSRF check (the session routes skip the general one);
 * null → 404 with cookie cleared.
 */
const ownSession = (context: Parameters<RestHandler>[0]): RestResult | null => {
  const cookieName = context.auth.cookieName;
  if (!context.session || context.session.id !== context.params['sessionId']) {
    return { kind: 'empty', status: 404, cookies: clearCookie(cookieName) };
  }
  context.auth.assertCsrf(context.session, context.header('x-csrf-token'));
  return null;
};

/** DELETE /user/sessions/{id} (logout): 204 with the cookie deleted in Symfony's form (Ibexa 4.6). */
const deleteSession: RestHandler = async (context) => {
  const refused = ownSession(context);
  if (refused) return refused;
  if (context.session) await context.auth.closeSession(context.session.id);
  return { kind: 'empty', status: 204, cookies: clearCookie(context.auth.cookieName) };
};

/** POST /user/sessions/{id}/refresh (deprecated since 4.6): 200 Session; a session that is gone: 404, cookie deleted. */
const refreshSession: RestHandler = async (context) => {
  const refused = ownSession(context);
  if (refused || !context.session) return refused ?? { kind: 'empty', status: 404 };
  return resource(sessionNode(context.session, context.auth.cookieName, context.visit));
};

/** Users and sessions (`/user/users/{id}`, `/user/current`, `/user/sessions…`). */
export const userRoutes: readonly RestRoute[] = [
  {
    path: '/user/users/{userId:id}',
    methods: [['GET', loadUser], ['PATCH', updateUser], ['DELETE', deleteUser]],
    aggregate: userAggregate,
  },
  { path: '/user/current', methods: [['GET', currentUser]] },
  { path: '/user/sessions', methods: [['POST', createSession]], csrfExempt: true },
  { path: '/user/sessions/current', methods: [['GET', currentSession]], csrfExempt: true },
  { path: '/user/sessions/{sessionId:sessionId}', methods: [['DELETE', deleteSession]], csrfExempt: true },
  { path: '/user/sessions/{sessionId:sessionId}/refresh', methods: [['POST', refreshSession]], csrfExempt: true },
];
