import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { CREATE_IMAGE } from '../testing/document-examples.js';
import { PNG_1X1 } from '../testing/sample-files.js';
import { createGraphQLTestApp, type GraphQLTestApp } from '../testing/graphql-test-app.js';
import { CSRF_MESSAGE } from '../http/csrf.js';
import { ADMIN_BASIC, dataAt, errorCodes, gql, upload } from './helpers.js';
import { SESSION_CSRF_TOKEN, sessionCookie } from './session.js';

const ME = '{ item(contentId: 14) { _name } }';

describe('authentication (shared with REST)', () => {
  let t: GraphQLTestApp;
  beforeAll(async () => {
    t = await createGraphQLTestApp();
  });
  afterAll(async () => {
    await t.graphql.stop();
  });

  it('runs anonymous requests as the anonymous user (content of the users section is not readable)', async () => {
    const response = await gql(t.app, ME);
    expect(errorCodes(response)).toEqual(['UNAUTHORIZED']);
    expect(response.body.data).toEqual({ item: null });
  });

  it('authenticates with the session cookie, HTTP Basic and a Bearer token', async () => {
    const cookie = await sessionCookie(t.repo.sessions);
    const token = String(dataAt(await gql(t.app, 'mutation { createToken(username: "admin", password: "publish") { token } }'), 'createToken', 'token'));
    for (const headers of [{ Cookie: cookie }, { Authorization: ADMIN_BASIC }, { Authorization: `Bearer ${token}` }]) {
      const response = await gql(t.app, ME, { headers });
      expect(response.body).toEqual({ data: { item: { _name: 'Administrator User' } } });
    }
  });

  it('answers 401 for wrong Basic credentials, an invalid token, and a mismatching X-Expected-User', async () => {
    const cases: Record<string, string>[] = [
      { Authorization: `Basic ${Buffer.from('admin:wrong').toString('base64')}` },
      { Authorization: 'Bearer not-a-token' },
      { Authorization: ADMIN_BASIC, 'X-Expected-User': 'anonymous' },
    ];
    for (const headers of cases) {
      const response = await gql(t.app, ME, { headers });
      expect(response.status).toBe(401);
      expect(errorCodes(response)).toEqual(['UNAUTHORIZED']);
    }
    const expected = await gql(t.app, ME, { headers: { Authorization: ADMIN_BASIC, 'X-Expected-User': 'admin' } });
    expect(expected.status).toBe(200);
  });

  it('ignores Basic credentials when Basic authentication is off', async () => {
    const off = await createGraphQLTestApp({ basicAuth: false });
    try {
      const response = await gql(off.app, ME, { headers: { Authorization: ADMIN_BASIC } });
      expect(errorCodes(response)).toEqual(['UNAUTHORIZED']);
    } finally {
      await off.graphql.stop();
    }
  });
});

describe('CSRF prevention', () => {
  let t: GraphQLTestApp;
  beforeAll(async () => {
    t = await createGraphQLTestApp();
  });
  afterAll(async () => {
    await t.graphql.stop();
  });

  const formPost = (headers: Record<string, string> = {}) =>
    request(t.app)
      .post('/graphql')
      .set(headers)
      .field('operations', JSON.stringify(CREATE_IMAGE.operations))
      .field('map', JSON.stringify(CREATE_IMAGE.map))
      .attach('image', PNG_1X1, 'image.png');

  it('refuses a cross-site style multipart post without credentials or preflight header (400, nothing created)', async () => {
    const before = t.repo.storage.files.size;
    const response = await formPost();
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text)).toEqual({ errors: [{ message: CSRF_MESSAGE, extensions: { code: 'BAD_REQUEST' } }] });
    expect(t.repo.storage.files.size).toBe(before);
  });

  it('refuses text/plain and urlencoded posts without credentials', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await request(t.app).post('/graphql').set('Content-Type', type).send('query={__typename}');
      expect(response.status).toBe(400);
      expect(JSON.parse(response.text).errors[0].message).toBe(CSRF_MESSAGE);
    }
  });

  it('accepts multipart posts carrying the session cookie and its CSRF token (the documented curl uploads) or an Authorization header', async () => {
    const cookie = await sessionCookie(t.repo.sessions);
    for (const headers of [{ Cookie: cookie, 'X-CSRF-Token': SESSION_CSRF_TOKEN }, { Authorization: ADMIN_BASIC }]) {
      const response = await upload(t.app, CREATE_IMAGE, { headers });
      expect(response.status).toBe(200);
      expect(dataAt(response, 'createImage', 'name')).toBe('An image created over GraphQL');
    }
  });

  it('accepts a preflight header without credentials (then runs as anonymous) and JSON posts', async () => {
    const preflighted = await formPost({ 'apollo-require-preflight': 'true' });
    expect(preflighted.status).toBe(200);
    expect(JSON.parse(preflighted.text).errors[0].extensions.code).toBe('UNAUTHORIZED');
    const json = await gql(t.app, '{ __typename }');
    expect(json.body).toEqual({ data: { __typename: 'Domain' } });
  });
});

describe("the session's CSRF token on mutations (as REST on unsafe methods)", () => {
  let t: GraphQLTestApp;
  beforeAll(async () => {
    t = await createGraphQLTestApp();
  });
  afterAll(async () => {
    await t.graphql.stop();
  });

  const CREATE = (name: string) => `mutation { createFolder(language: eng_GB, parentLocationId: 2, input: { name: "${name}" }) { _name } }`;
  const childrenOfHome = (): Promise<number> => t.repo.admin.locationService.getLocationChildCount(2);

  it('refuses a cookie-authenticated mutation without the token or with a wrong one (401, nothing created)', async () => {
    const cookie = await sessionCookie(t.repo.sessions);
    const before = await childrenOfHome();
    for (const headers of [{ Cookie: cookie }, { Cookie: cookie, 'X-CSRF-Token': `${SESSION_CSRF_TOKEN}x` }]) {
      const response = await gql(t.app, CREATE('Forged'), { headers });
      expect(response.status).toBe(401);
      expect(response.body.errors?.map((error) => [error.message, error.extensions?.['code']])).toEqual([['Missing or invalid CSRF token', 'UNAUTHORIZED']]);
      expect(response.body.data).toBeUndefined();
    }
    expect(await childrenOfHome()).toBe(before);
  });

  it('runs a cookie-authenticated mutation with the token, queries without it, and Bearer or Basic mutations without it', async () => {
    const cookie = await sessionCookie(t.repo.sessions);
    const withToken = await gql(t.app, CREATE('With token'), { headers: { Cookie: cookie, 'X-CSRF-Token': SESSION_CSRF_TOKEN } });
    expect(withToken.status).toBe(200);
    expect(dataAt(withToken, 'createFolder', '_name')).toBe('With token');
    const query = await gql(t.app, ME, { headers: { Cookie: cookie } });
    expect(query.body).toEqual({ data: { item: { _name: 'Administrator User' } } });
    const token = String(dataAt(await gql(t.app, 'mutation { createToken(username: "admin", password: "publish") { token } }'), 'createToken', 'token'));
    const bearer = await gql(t.app, CREATE('By bearer'), { headers: { Authorization: `Bearer ${token}` } });
    expect(dataAt(bearer, 'createFolder', '_name')).toBe('By bearer');
    const basic = await gql(t.app, CREATE('By basic'), { headers: { Authorization: ADMIN_BASIC } });
    expect(dataAt(basic, 'createFolder', '_name')).toBe('By basic');
  });
});
