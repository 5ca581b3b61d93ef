import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { API, call, login } from './support/rest-session.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** A query only a logged-in administrator can answer: the admin user's own content item. */
const ADMIN_ITEM = '{ item(contentId: 14) { _name } }';

interface GraphQLBody {
  readonly data?: Record<string, unknown> | null;
  readonly errors?: readonly { readonly message: string; readonly extensions?: Record<string, unknown> }[];
}

describe('one session cache for REST and GraphQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  const graphql = async (cookie: string): Promise<{ status: number; body: GraphQLBody }> => {
    const response = await request(server.app.express).post('/graphql').set({ 'Content-Type': 'application/json', Cookie: cookie }).send(JSON.stringify({ query: ADMIN_ITEM }));
    return { status: response.status, body: JSON.parse(response.text) as GraphQLBody };
  };

  it('refuses the session on GraphQL as soon as it is deleted through REST (logout)', async () => {
    const session = await login(server.app.express, 'admin', 'publish');
    expect(session.status).toBe(201);

    // GraphQL accepts the REST session cookie (and keeps the session in its short-lived cache).
    const before = await graphql(session.cookie);
    expect(before).toEqual({ status: 200, body: { data: { item: { _name: 'Administrator User' } } } });

    // Logout through REST: DELETE /user/sessions/{id} with the session's CSRF token.
    const identifier = session.cookie.slice(session.cookie.indexOf('=') + 1);
    const logout = await call(server.app.express, session, { method: 'DELETE', path: `/user/sessions/${identifier}` });
    expect(logout.status).toBe(204);

    // At once, the same cookie is an unknown session on GraphQL: the request runs as the anonymous user.
    const after = await graphql(session.cookie);
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual({ item: null });
    expect(after.body.errors?.map((error) => error.extensions?.['code'])).toEqual(['UNAUTHORIZED']);
    const current = await request(server.app.express).get(`${API}/user/sessions/current`).set('Cookie', session.cookie);
    expect(current.status).toBe(404);
  });
});
