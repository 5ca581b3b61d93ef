import type { Express } from 'express';
import request from 'supertest';

/** REST prefix of the test apps (Ibexa 4.x/5.x's `/api/ibexa/v2`). */
export const PREFIX = '/api/ibexa/v2';

/** `application/vnd.ibexa.api.<name>+<format>`. */
export const vnd = (name: string, format: 'json' | 'xml' = 'json'): string => `application/vnd.ibexa.api.${name}+${format}`;

/** One REST call of a test. Custom verbs (PUBLISH, MOVE, ...) go as POST + `X-HTTP-Method-Override`, as in Ibexa. */
export interface RestCall {
  readonly method: string;
  /** Path below the prefix, with any query string. */
  readonly path: string;
  /** An object is sent as JSON, a string as it is. */
  readonly body?: unknown;
  /** Input media type name (`UserCreate`); the body's format follows `format`. */
  readonly input?: string;
  /** Response (and input) format; default json. */
  readonly format?: 'json' | 'xml';
  /** Media type name to accept; default `application/json` / `application/xml`. */
  readonly accept?: string;
  /** Basic credentials; default admin/publish; null for anonymous. */
  readonly auth?: readonly [string, string] | null;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A response as tests read it: `body` is the parsed JSON (JSON responses only). */
export interface RestResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly text: string;
  /** Parsed like the other tests parse bodies (`JSON.parse`), so that tests navigate them freely. */
  readonly body: ReturnType<typeof JSON.parse>;
}

const STANDARD = new Set(['GET', 'POST', 'PATCH', 'DELETE', 'HEAD', 'PUT', 'OPTIONS']);

/** Runs one call against `app` (supertest, no network). */
export async function rest(app: Express, call: RestCall): Promise<RestResponse> {
  const format = call.format ?? 'json';
  const method = call.method.toUpperCase();
  const url = `${PREFIX}${call.path}`;
  const agent = request(app);
  let test =
    method === 'GET' ? agent.get(url)
    : method === 'HEAD' ? agent.head(url)
    : method === 'PATCH' ? agent.patch(url)
    : method === 'DELETE' ? agent.delete(url)
    : method === 'OPTIONS' ? agent.options(url)
    : agent.post(url);
  if (!STANDARD.has(method)) test = test.set('X-HTTP-Method-Override', method);
  test = test.set('Accept', call.accept ? vnd(call.accept, format) : `application/${format}`);
  const auth = call.auth === undefined ? (['admin', 'publish'] as const) : call.auth;
  if (auth) test = test.auth(auth[0], auth[1]);
  for (const [name, value] of Object.entries(call.headers ?? {})) test = test.set(name, value);
  if (call.input) test = test.set('Content-Type', vnd(call.input, format));
  const response = call.body === undefined ? await test : await test.send(typeof call.body === 'string' ? call.body : JSON.stringify(call.body));
  const contentType = String(response.headers['content-type'] ?? '');
  return {
    status: response.status,
    headers: response.headers,
    text: response.text,
    body: contentType.endsWith('+json') && response.text ? JSON.parse(response.text) : undefined,
  };
}
