import { REST_ROOT } from '../admin-config.js';
import { ApiError } from './api-error.js';

/** Media type of an Ibexa REST resource in JSON, e.g. `application/vnd.ibexa.api.Content+json`. */
export function mediaType(name: string): string {
  return `application/vnd.ibexa.api.${name}+json`;
}

/** One REST call: the method, the accepted resource name, the body (with its input name) and extra headers. */
export interface RestRequest {
  readonly method?: string;
  /** Name of the accepted media type (`Content`, `LocationList`, …); omitted for calls answering no body. */
  readonly accept?: string;
  /** Input media type name and body, sent as `application/vnd.ibexa.api.<name>+json`. */
  readonly input?: { readonly name: string; readonly body: unknown; readonly version?: string };
  readonly headers?: Readonly<Record<string, string>>;
}

let csrfToken: string | undefined;

/** Sets (or clears) the CSRF token the session gave, sent as `X-CSRF-Token` on every unsafe request (Ibexa's rule). */
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Calls the REST API at `path` (relative to the REST root, or an `_href` that already starts with it) with the
 * session cookie. Custom verbs (PUBLISH, COPY, MOVE) travel as `POST` with `X-HTTP-Method-Override`, as Ibexa's
 * own clients send them. Answers the parsed JSON body, or undefined for an empty one.
 * @throws ApiError for a status that is not 2xx (decoded from the ErrorMessage body) or a network failure (status 0).
 */
export async function rest<T = unknown>(path: string, request: RestRequest = {}): Promise<T> {
  const method = (request.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = { ...request.headers };
  if (request.accept !== undefined) headers['Accept'] = mediaType(request.accept);
  let body: string | undefined;
  if (request.input !== undefined) {
    headers['Content-Type'] = mediaType(request.input.name) + (request.input.version === undefined ? '' : `; version=${request.input.version}`);
    body = JSON.stringify(request.input.body);
  }
  const standard = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method);
  if (!standard) headers['X-HTTP-Method-Override'] = method;
  if (!SAFE_METHODS.has(method) && csrfToken !== undefined) headers['X-CSRF-Token'] = csrfToken;
  const url = path.startsWith(REST_ROOT + '/') ? path : `${REST_ROOT}${path}`;
  let response: Response;
  try {
    response = await fetch(url, { method: standard ? method : 'POST', headers, credentials: 'same-origin', ...(body === undefined ? {} : { body }) });
  } catch (error) {
    throw new ApiError(0, `The server could not be reached (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!response.ok) throw await ApiError.of(response);
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}
