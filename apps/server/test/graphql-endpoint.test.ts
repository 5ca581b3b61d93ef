import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CREATE_FOLDER,
  CREATE_IMAGE,
  CREATE_IMAGE_CURL,
  deleteContentById,
  sampleFile,
  updateFolder,
  UPLOAD_FILES,
  UPLOAD_FILES_CURL,
  type UploadExample,
} from '@contentrepo/graphql-adapter/testing';
import request from 'supertest';
import { loadConfig } from '../src/server-config.js';
import { startTestServer, vnd, type TestServer } from './support/test-server.js';

const API = '/api/ibexa/v2';

interface Body {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

function at(body: Body, ...path: string[]): unknown {
  let value: unknown = body.data;
  for (const key of path) value = typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
  return value;
}

describe('GraphQL endpoint of the server on SQLite', () => {
  let server: TestServer;
  let cookie: string;
  let csrf: string;
  beforeAll(async () => {
    server = await startTestServer();
    const login = await request(server.app.express)
      .post(`${API}/user/sessions`)
      .set('Content-Type', vnd('SessionInput'))
      .set('Accept', vnd('Session'))
      .send(JSON.stringify({ SessionInput: { login: 'admin', password: 'publish' } }));
    const session = JSON.parse(login.text).Session as { name: string; identifier: string; csrfToken: string };
    cookie = `${session.name}=${session.identifier}`;
    csrf = session.csrfToken;
  });
  afterAll(async () => {
    await server.stop();
  });

  const graphql = async (query: string, headers: Record<string, string> = { Cookie: cookie, 'X-CSRF-Token': csrf }): Promise<{ status: number; body: Body }> => {
    const response = await request(server.app.express).post('/graphql').set({ 'Content-Type': 'application/json', ...headers }).send(JSON.stringify({ query }));
    return { status: response.status, body: JSON.parse(response.text) };
  };
  const upload = async (example: UploadExample, headers: Record<string, string> = { Cookie: cookie, 'X-CSRF-Token': csrf }): Promise<{ status: number; body: Body }> => {
    let call = request(server.app.express)
      .post('/graphql')
      .set(headers)
      .field('operations', JSON.stringify(example.operations))
      .field('map', JSON.stringify(example.map));
    for (const [part, fileName] of example.files) call = call.attach(part, sampleFile(fileName), fileName);
    const response = await call;
    return { status: response.status, body: JSON.parse(response.text) };
  };

  it("runs the document's create, update and delete examples with the REST session cookie", async () => {
    const created = await graphql(CREATE_FOLDER);
    expect(created.status).toBe(200);
    const id = String(at(created.body, 'createFolder', 'id'));
    const contentId = Number(Buffer.from(id, 'base64').toString('utf8').split(':')[1]);
    expect((await graphql(updateFolder(contentId))).body).toEqual({ data: { updateFolder: { id } } });
    const rest = await request(server.app.express).get(`${API}/content/objects/${contentId}`).set('Cookie', cookie).set('Accept', vnd('ContentInfo'));
    expect(JSON.parse(rest.text).Content).toMatchObject({ Name: 'New Folder name', currentVersionNo: 2 });
    const deleted = await graphql(deleteContentById(contentId));
    expect(deleted.body).toEqual({ data: { deleteContent: { id: Buffer.from(`FolderContent:${contentId}`).toString('base64'), contentId } } });
  });

  it("runs both documented upload flows, and serves the stored files", async () => {
    for (const example of [CREATE_IMAGE, CREATE_IMAGE_CURL]) {
      const image = await upload(example);
      expect(image.status).toBe(200);
      expect(image.body.errors).toBeUndefined();
      expect(at(image.body, 'createImage', 'image', 'fileName')).toBe('image.png');
      const file = await request(server.app.express).get(String(at(image.body, 'createImage', 'image', 'uri'))).buffer(true);
      expect(file.status).toBe(200);
      expect(Buffer.from(file.body as Buffer).equals(sampleFile('image.png'))).toBe(true);
    }
    for (const example of [UPLOAD_FILES_CURL, UPLOAD_FILES]) {
      const files = await upload(example);
      expect(files.body.errors).toBeUndefined();
      expect(at(files.body, 'uploadFiles', 'warnings')).toEqual([]);
      expect(at(files.body, 'uploadFiles', 'files')).toHaveLength(example.files.length);
    }
    const stored = await server.storedFiles();
    expect(stored.filter((path) => path.startsWith('images/'))).toHaveLength(5);
    expect(stored.filter((path) => path.startsWith('files/'))).toHaveLength(4);
  });

  it('lists content through the SQL search, sorted and paged', async () => {
    const response = await graphql('{ media { images(sortBy: [_name, _desc], first: 2) { totalCount edges { node { name } } pageInfo { hasNextPage } } } }');
    expect(at(response.body, 'media', 'images')).toEqual({
      totalCount: 5,
      edges: [{ node: { name: 'photo.png' } }, { node: { name: 'image2.png' } }],
      pageInfo: { hasNextPage: true },
    });
    const anonymous = await graphql('{ media { images { totalCount } } }', {});
    expect(at(anonymous.body, 'media', 'images', 'totalCount')).toBe(0);
  });

  it('shares JWTs with REST: a token from createToken works as Authorization: Bearer on both', async () => {
    const created = await graphql('mutation { createToken(username: "admin", password: "publish") { token message } }', {});
    const token = String(at(created.body, 'createToken', 'token'));
    const viaGraphql = await graphql('{ item(contentId: 14) { _name } }', { Authorization: `Bearer ${token}` });
    expect(viaGraphql.body).toEqual({ data: { item: { _name: 'Administrator User' } } });
    const viaRest = await request(server.app.express).get(`${API}/content/objects/14`).set('Authorization', `Bearer ${token}`).set('Accept', vnd('ContentInfo'));
    expect(viaRest.status).toBe(200);
  });

  it('refuses a credential-less cross-site multipart post (CSRF) and accepts it with Basic authentication', async () => {
    const refused = await upload(CREATE_IMAGE, {});
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.message).toMatch(/^This operation has been blocked as a potential Cross-Site Request Forgery/);
    const basic = await upload(CREATE_IMAGE, { Authorization: `Basic ${Buffer.from('admin:publish').toString('base64')}` });
    expect(basic.status).toBe(200);
  });

  it('answers permission and validation errors in the errors array with codes', async () => {
    const anonymous = await graphql(CREATE_FOLDER, {});
    expect(anonymous.body.errors?.map((error) => error.extensions?.['code'])).toEqual(['UNAUTHORIZED']);
    const invalid = await graphql(`mutation { createFolder(languageCode: "eng-GB", parentLocationId: 2, input: { name: "${'x'.repeat(300)}" }) { id } }`);
    expect(invalid.body.errors?.map((error) => [error.message.slice(0, 32), error.extensions?.['code']])).toEqual([["Field 'name' failed validation: ", 'BAD_USER_INPUT']]);
  });
});

describe('GraphQL configuration', () => {
  it('reads GRAPHQL_PATH, GRAPHQL_MAX_FILE_SIZE, GRAPHQL_MAX_FILES, JWT_SECRET and JWT_TTL', () => {
    expect(loadConfig({})).toMatchObject({ graphqlPath: '/graphql', graphqlMaxFileSize: 52_428_800, graphqlMaxFiles: 20, jwtSecret: undefined, jwtTtlSeconds: 3600 });
    const secret = 's'.repeat(32);
    expect(loadConfig({ GRAPHQL_PATH: '/api/graphql/', GRAPHQL_MAX_FILE_SIZE: '1000', GRAPHQL_MAX_FILES: '3', JWT_SECRET: secret, JWT_TTL: '600' })).toMatchObject({
      graphqlPath: '/api/graphql',
      graphqlMaxFileSize: 1000,
      graphqlMaxFiles: 3,
      jwtSecret: secret,
      jwtTtlSeconds: 600,
    });
    expect(() => loadConfig({ GRAPHQL_PATH: 'graphql' })).toThrow('GRAPHQL_PATH must look like /graphql');
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 32 characters long');
  });

  it('reads the query limits, authenticated (GRAPHQL_MAX_*) and anonymous (GRAPHQL_ANONYMOUS_MAX_*)', () => {
    expect(loadConfig({}).graphqlQueryLimits).toEqual({
      authenticated: { maxTokens: 15_000, maxDepth: 20, maxAliases: 100, maxCost: 100_000, maxDirectives: 50 },
      anonymous: { maxTokens: 3000, maxDepth: 12, maxAliases: 30, maxCost: 20_000, maxDirectives: 20 },
    });
    const env = {
      GRAPHQL_MAX_TOKENS: '5000',
      GRAPHQL_MAX_DEPTH: '9',
      GRAPHQL_MAX_ALIASES: '8',
      GRAPHQL_MAX_COST: '7000',
      GRAPHQL_MAX_DIRECTIVES: '6',
      GRAPHQL_ANONYMOUS_MAX_TOKENS: '500',
      GRAPHQL_ANONYMOUS_MAX_DEPTH: '4',
      GRAPHQL_ANONYMOUS_MAX_ALIASES: '3',
      GRAPHQL_ANONYMOUS_MAX_COST: '200',
      GRAPHQL_ANONYMOUS_MAX_DIRECTIVES: '1',
    };
    expect(loadConfig(env).graphqlQueryLimits).toEqual({
      authenticated: { maxTokens: 5000, maxDepth: 9, maxAliases: 8, maxCost: 7000, maxDirectives: 6 },
      anonymous: { maxTokens: 500, maxDepth: 4, maxAliases: 3, maxCost: 200, maxDirectives: 1 },
    });
    expect(() => loadConfig({ GRAPHQL_MAX_DEPTH: '0' })).toThrow("GRAPHQL_MAX_DEPTH must be an integer between 1 and 1000, got '0'");
    expect(() => loadConfig({ GRAPHQL_ANONYMOUS_MAX_ALIASES: 'many' })).toThrow('GRAPHQL_ANONYMOUS_MAX_ALIASES must be an integer');
  });

  it('refuses an anonymous query of 20,000 aliases with 400 and applies the configured limits', async () => {
    const server = await startTestServer({ GRAPHQL_ANONYMOUS_MAX_ALIASES: '2', GRAPHQL_MAX_ALIASES: '3', AUTH_BASIC: 'true' });
    const post = (query: string, headers: Record<string, string> = {}) =>
      request(server.app.express).post('/graphql').set({ 'Content-Type': 'application/json', ...headers }).send(JSON.stringify({ query }));
    const aliases = (count: number) => `{ ${Array.from({ length: count }, (_, index) => `a${index}: item(contentId: 1) { _name }`).join(' ')} }`;
    try {
      const huge = await post(aliases(20_000));
      expect(huge.status).toBe(400);
      expect(JSON.parse(huge.text)).toEqual({
        errors: [
          {
            message: 'Syntax Error: Document contains more that 15000 tokens. Parsing aborted.',
            locations: [{ line: 1, column: expect.any(Number) }],
            extensions: { code: 'GRAPHQL_PARSE_FAILED', limit: 'tokens' },
          },
        ],
      });
      const anonymous = await post(aliases(3));
      expect(anonymous.status).toBe(400);
      expect(JSON.parse(anonymous.text)).toEqual({
        errors: [{ message: 'Aliases limit of 2 exceeded, found 3.', extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'aliases' } }],
      });
      const authenticated = await post(aliases(3), { Authorization: `Basic ${Buffer.from('admin:publish').toString('base64')}` });
      expect(authenticated.status).toBe(200);
      expect(JSON.parse(authenticated.text)).toEqual({ data: { a0: { _name: 'Ibexa Platform' }, a1: { _name: 'Ibexa Platform' }, a2: { _name: 'Ibexa Platform' } } });
    } finally {
      await server.stop();
    }
  });

  it('mounts the endpoint at BASE_PATH + GRAPHQL_PATH', async () => {
    const server = await startTestServer({ BASE_PATH: '/cms', GRAPHQL_PATH: '/api/graphql' });
    try {
      const response = await request(server.app.express).post('/cms/api/graphql').set('Content-Type', 'application/json').send('{"query":"{ __typename }"}');
      expect(JSON.parse(response.text)).toEqual({ data: { __typename: 'Domain' } });
    } finally {
      await server.stop();
    }
  });
});
