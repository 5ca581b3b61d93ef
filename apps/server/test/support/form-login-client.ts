import type { Express } from 'express';
import request from 'supertest';

/** The `name=value` pairs of a response's `Set-Cookie` headers, by cookie name. */
export function setCookies(headers: Record<string, unknown>): Map<string, string> {
  const raw = headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? [raw] : [];
  return new Map(lines.map((line) => line.split(';')[0] ?? '').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

/** A login form as a browser holds it: the form's CSRF token and the cookie pair that goes with it. */
export interface LoginForm {
  readonly status: number;
  readonly html: string;
  readonly token: string;
  /** `CONTENTREPO_LOGIN_CSRF=<nonce>`. */
  readonly csrfCookie: string;
}

/** `GET <basePath>/login`, with the form's `_csrf_token` and the cookie it was issued for. */
export async function openLoginForm(app: Express, basePath = '', cookie?: string): Promise<LoginForm> {
  const get = request(app).get(`${basePath}/login`);
  const response = cookie === undefined ? await get : await get.set('Cookie', cookie);
  const token = /name="_csrf_token" value="([^"]*)"/.exec(response.text)?.[1] ?? '';
  const nonce = setCookies(response.headers).get('CONTENTREPO_LOGIN_CSRF') ?? '';
  return { status: response.status, html: response.text, token, csrfCookie: `CONTENTREPO_LOGIN_CSRF=${nonce}` };
}

/** Fields of a login form post; `cookie` is the whole `Cookie` header sent with it. */
export interface LoginPost {
  readonly username: string;
  readonly password: string;
  readonly token?: string | undefined;
  readonly cookie?: string | undefined;
  readonly targetPath?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** `POST <basePath>/login_check`, form-encoded, as the login form sends it. */
export function postLoginForm(app: Express, post: LoginPost, basePath = ''): request.Test {
  let test = request(app).post(`${basePath}/login_check`).type('form');
  if (post.cookie !== undefined) test = test.set('Cookie', post.cookie);
  for (const [name, value] of Object.entries(post.headers ?? {})) test = test.set(name, value);
  const fields: Record<string, string> = { _username: post.username, _password: post.password };
  if (post.token !== undefined) fields['_csrf_token'] = post.token;
  if (post.targetPath !== undefined) fields['_target_path'] = post.targetPath;
  return test.send(fields);
}

/** Logs in through the form and answers the session cookie pair (`IBX_SESSION_ID…=<id>`). */
export async function logInThroughForm(app: Express, username: string, password: string, basePath = ''): Promise<string> {
  const form = await openLoginForm(app, basePath);
  const response = await postLoginForm(app, { username, password, token: form.token, cookie: form.csrfCookie }, basePath);
  const session = [...setCookies(response.headers)].find(([name]) => name.startsWith('IBX_SESSION_ID'));
  if (response.status !== 302 || session === undefined) throw new Error(`login failed: ${response.status}`);
  return `${session[0]}=${session[1]}`;
}
