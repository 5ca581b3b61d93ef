import type { Express } from 'express';
import request from 'supertest';
import { vnd } from './test-server.js';

/** REST prefix of Ibexa 4.x and 5.x. */
export const API = '/api/ibexa/v2';

/** How a test call authenticates: HTTP Basic, a session (cookie + CSRF token), or nobody. */
export type Credentials = { readonly basic: readonly [string, string] } | { readonly cookie: string; readonly csrf: string } | null;

/** One REST call; custom verbs go as POST + `X-HTTP-Method-Override`, which Ibexa honours on POST. */
export interface Call {
  readonly method: string;
  readonly path: string;
  readonly input?: string;
  readonly body?: unknown;
  readonly accept?: string;
  readonly format?: 'json' | 'xml';
  readonly headers?: Readonly<Record<string, string>>;
}

/** A response: status, headers, text and the parsed JSON body (JSON responses only). */
export interface Reply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly text: string;
  readonly body: ReturnType<typeof JSON.parse>;
}

/** Runs a call against the app as `credentials`. */
export async function call(app: Express, credentials: Credentials, spec: Call): Promise<Reply> {
  const format = spec.format ?? 'json';
  const method = spec.method.toUpperCase();
  const url = `${API}${spec.path}`;
  const agent = request(app);
  let test = method === 'GET' ? agent.get(url) : method === 'PATCH' ? agent.patch(url) : method === 'DELETE' ? agent.delete(url) : method === 'HEAD' ? agent.head(url) : agent.post(url);
  if (!['GET', 'POST', 'PATCH', 'DELETE', 'HEAD'].includes(method)) test = test.set('X-HTTP-Method-Override', method);
  test = test.set('Accept', spec.accept ? vnd(spec.accept, format) : `application/${format}`);
  if (credentials && 'basic' in credentials) test = test.auth(credentials.basic[0], credentials.basic[1]);
  if (credentials && 'cookie' in credentials) test = test.set('Cookie', credentials.cookie).set('X-CSRF-Token', credentials.csrf);
  for (const [name, value] of Object.entries(spec.headers ?? {})) test = test.set(name, value);
  if (spec.input) test = test.set('Content-Type', vnd(spec.input, format));
  const response = spec.body === undefined ? await test : await test.send(typeof spec.body === 'string' ? spec.body : JSON.stringify(spec.body));
  const type = String(response.headers['content-type'] ?? '');
  return { status: response.status, headers: response.headers, text: response.text, body: type.endsWith('+json') && response.text ? JSON.parse(response.text) : undefined };
}

/** Logs in with POST /user/sessions (a `SessionInput`) and returns the session credentials. */
export async function login(app: Express, login: string, password: string): Promise<{ cookie: string; csrf: string; status: number }> {
  const reply = await call(app, null, { method: 'POST', path: '/user/sessions', input: 'SessionInput', accept: 'Session', body: { SessionInput: { login, password } } });
  if (reply.status !== 201 && reply.status !== 200) return { cookie: '', csrf: '', status: reply.status };
  const session = reply.body.Session;
  return { cookie: `${String(session.name)}=${String(session.identifier)}`, csrf: String(session.csrfToken), status: reply.status };
}

/** A REST `ContentCreate` body of a type below a location path (`1/2/60`). */
export function contentCreate(typeId: number, parentPath: string, fields: Record<string, unknown>, sectionId?: number): unknown {
  return {
    ContentCreate: {
      ContentType: { _href: `${API}/content/types/${typeId}` },
      mainLanguageCode: 'eng-GB',
      LocationCreate: { ParentLocation: { _href: `${API}/content/locations/${parentPath}` }, sortField: 'PATH', sortOrder: 'ASC' },
      ...(sectionId === undefined ? {} : { Section: { _href: `${API}/content/sections/${sectionId}` } }),
      fields: { field: Object.entries(fields).map(([fieldDefinitionIdentifier, fieldValue]) => ({ fieldDefinitionIdentifier, fieldValue })) },
    },
  };
}

/** A rich text field value (the REST hash: docbook XML). */
export const richText = (text: string): { xml: string } => ({
  xml: `<?xml version="1.0" encoding="UTF-8"?>\n<section xmlns="http://docbook.org/ns/docbook" version="5.0-variant ezpublish-1.0"><para>${text}</para></section>`,
});
