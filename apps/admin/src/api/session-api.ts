import { ApiError } from './api-error.js';
import { rest, setCsrfToken } from './rest-fetch.js';
import type { Ref } from './wire-types.js';

/** The signed-in user and what they may do (from their policies). */
export interface SignedInUser {
  readonly id: number;
  readonly login: string;
  readonly name: string;
  /** The session resource's href (for logout). */
  readonly sessionHref: string;
  /** `module/function` pairs of the user's policies (`*` for any). */
  readonly policies: readonly { readonly module: string; readonly function: string; readonly limited: boolean }[];
  /**
   * Whether the policies could be read (it takes `role/read`); when not, every action is offered and the API's
   * answer says what it refuses.
   */
  readonly policiesKnown: boolean;
}

interface SessionBody {
  readonly Session: { readonly _href: string; readonly csrfToken: string; readonly User: Ref };
}

interface UserBody {
  readonly User: { readonly _id: number; readonly login: string; readonly name: string };
}

interface PolicyListBody {
  readonly PolicyList: { readonly Policy?: readonly { readonly module: string; readonly function: string; readonly limitations?: unknown }[] };
}

async function signedIn(session: SessionBody['Session']): Promise<SignedInUser> {
  setCsrfToken(session.csrfToken);
  const user = (await rest<UserBody>(session.User._href, { accept: 'User' })).User;
  let policies: SignedInUser['policies'] = [];
  let policiesKnown = true;
  try {
    const list = await rest<PolicyListBody>(`/user/policies?userId=${user._id}`, { accept: 'PolicyList' });
    policies = (list.PolicyList.Policy ?? []).map((policy) => ({ module: policy.module, function: policy.function, limited: policy.limitations !== undefined }));
  } catch (error) {
    // A user who may not read roles: everything is offered and the API's answer reports what is refused.
    if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) throw error;
    policies = [{ module: '*', function: '*', limited: true }];
    policiesKnown = false;
  }
  return { id: user._id, login: user.login, name: user.name, sessionHref: session._href, policies, policiesKnown };
}

/**
 * Signs in with `POST /user/sessions` (the session cookie is set by the answer; its CSRF token is kept for unsafe
 * requests). @throws ApiError 401 for a wrong login or password, 429 when logins are throttled.
 */
export async function login(username: string, password: string): Promise<SignedInUser> {
  const body = await rest<SessionBody>('/user/sessions', { method: 'POST', accept: 'Session', input: { name: 'SessionInput', body: { SessionInput: { login: username, password } } } });
  return signedIn(body.Session);
}

/** The session of the cookie, if any (`GET /user/sessions/current`, 404 when there is none). */
export async function currentSession(): Promise<SignedInUser | undefined> {
  try {
    const body = await rest<SessionBody>('/user/sessions/current', { accept: 'Session' });
    return await signedIn(body.Session);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return undefined;
    throw error;
  }
}

/** Ends the session (`DELETE /user/sessions/{id}` with the CSRF token); a session already gone counts as ended. */
export async function logout(user: SignedInUser): Promise<void> {
  try {
    await rest(user.sessionHref, { method: 'DELETE' });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  } finally {
    setCsrfToken(undefined);
  }
}

/**
 * Whether the user's policies grant `module/function` (a `*` module or function grants all). A policy with
 * limitations counts as a grant: whether it covers a given item is for the API to say.
 */
export function may(user: SignedInUser, module: string, fn: string): boolean {
  return user.policies.some((policy) => (policy.module === '*' || policy.module === module) && (policy.function === '*' || policy.function === fn));
}
