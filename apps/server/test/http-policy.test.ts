import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { finalErrorHandler, notFound } from '../src/http-policy.js';
import { ConfigError, loadConfig } from '../src/server-config.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const NOT_FOUND = { error: { code: 404, message: 'Not Found' } };

describe('paths and methods outside the APIs answer a small JSON error, never an HTML page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it.each([
    ['GET', '/nothing'],
    ['DELETE', '/'],
    ['GET', '/var/site/storage/nope'],
    ['GET', '/var/site/storage/images/1/2/missing.png'],
    ['POST', '/graphql/extra'],
  ])('%s %s: 404 {"error":{"code":404,"message":"Not Found"}}', async (method, path) => {
    const response = await request(server.app.express)[method === 'GET' ? 'get' : method === 'POST' ? 'post' : 'delete'](path);
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(response.text)).toEqual(NOT_FOUND);
  });

  it('a method a non-API route does not serve: 405 with Allow and the JSON error', async () => {
    for (const path of ['/var/site/storage/images/x.png', '/healthz']) {
      const response = await request(server.app.express).delete(path);
      expect(response.status).toBe(405);
      expect(response.headers['allow']).toBe('GET, HEAD, OPTIONS');
      expect(JSON.parse(response.text)).toEqual({ error: { code: 405, message: 'Method Not Allowed' } });
    }
  });

  it('a stored-file path that cannot be percent-decoded: a JSON client error', async () => {
    const response = await request(server.app.express).get('/var/site/storage/%FF.png');
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.text).not.toMatch(/<html|<pre/i);
  });

  it('under the REST prefix: Ibexa ErrorMessage', async () => {
    const response = await request(server.app.express).get('/api/ibexa/v2/nothing').set('Accept', 'application/json');
    expect(response.status).toBe(404);
    expect(JSON.parse(response.text).ErrorMessage).toMatchObject({ errorCode: 404, errorMessage: 'Not Found' });
  });

  it('a lone surrogate in a GraphQL string literal is a syntax error (400), not a 500', async () => {
    const response = await request(server.app.express)
      .post('/graphql')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ query: '{ content { folder(contentId: 1, language: "\\uD800") { _name } } }' }));
    expect(response.status).toBe(400);
    expect(JSON.parse(response.text).errors[0].message).toMatch(/Invalid Unicode escape sequence/);
  });

  it('security headers on API, GraphQL and non-API answers; no HSTS unless configured', async () => {
    for (const path of ['/api/ibexa/v2/', '/nothing', '/healthz']) {
      const response = await request(server.app.express).get(path);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
    const file = await request(server.app.express).get('/var/site/storage/nope.png');
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('CORS is off by default: no Access-Control-* headers, and Ibexa OPTIONS answers its Allow list', async () => {
    const response = await request(server.app.express)
      .options('/api/ibexa/v2/content/objects/1')
      .set('Origin', 'https://app.example')
      .set('Access-Control-Request-Method', 'COPY');
    expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });
});

describe('the final error handler', () => {
  it('answers 500 as JSON, without the message or stack, and keeps a thrown 4xx status', async () => {
    const app = express();
    app.get('/boom', () => {
      throw new Error('secret detail');
    });
    app.get('/client', () => {
      throw Object.assign(new Error('bad'), { status: 400 });
    });
    app.use(notFound);
    app.use(finalErrorHandler(pino({ level: 'silent' })));
    const boom = await request(app).get('/boom');
    expect(boom.status).toBe(500);
    expect(JSON.parse(boom.text)).toEqual({ error: { code: 500, message: 'Internal Server Error' } });
    expect(boom.text).not.toMatch(/secret|at /);
    const client = await request(app).get('/client');
    expect(client.status).toBe(400);
    expect(JSON.parse(client.text)).toEqual({ error: { code: 400, message: 'Bad Request' } });
  });
});

describe('CORS configured by environment', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ CORS_ORIGINS: 'https://app.example, http://localhost:3000', CORS_CREDENTIALS: 'true', HSTS_MAX_AGE: '31536000' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers a REST preflight for a custom verb: 204 with methods, headers, credentials and max-age', async () => {
    const response = await request(server.app.express)
      .options('/api/ibexa/v2/content/objects/1')
      .set('Origin', 'https://app.example')
      .set('Access-Control-Request-Method', 'COPY')
      .set('Access-Control-Request-Headers', 'destination, x-csrf-token, content-type');
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers['access-control-allow-methods']?.split(',')).toEqual(expect.arrayContaining(['GET', 'POST', 'PATCH', 'DELETE', 'PUBLISH', 'COPY', 'MOVE', 'SWAP']));
    expect(response.headers['access-control-allow-headers']?.split(',')).toEqual(
      expect.arrayContaining(['Content-Type', 'Accept', 'Authorization', 'X-CSRF-Token', 'If-Match', 'If-None-Match', 'X-Expected-User', 'Destination', 'X-HTTP-Method-Override']),
    );
    expect(response.headers['access-control-max-age']).toBe('600');
  });

  it('answers a GraphQL preflight (405 without CORS)', async () => {
    const response = await request(server.app.express)
      .options('/graphql')
      .set('Origin', 'http://localhost:3000')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type, authorization');
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });

  it('adds the CORS headers to actual requests from an allowed origin, exposing ETag, Location and the request id', async () => {
    const response = await request(server.app.express)
      .get('/api/ibexa/v2/content/sections/1')
      .set('Origin', 'https://app.example')
      .set('Accept', 'application/json')
      .set('X-Request-Id', 'browser-call-1');
    expect(response.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers['access-control-expose-headers']?.split(',')).toEqual(expect.arrayContaining(['ETag', 'Location', 'X-Request-Id']));
    expect(response.headers['x-request-id']).toBe('browser-call-1');
    expect(response.headers['vary']).toMatch(/Origin/);
    const graphql = await request(server.app.express).post('/graphql').set('Origin', 'https://app.example').set('Content-Type', 'application/json').send('{"query":"{ __typename }"}');
    expect(graphql.status).toBe(200);
    expect(graphql.headers['access-control-allow-origin']).toBe('https://app.example');
  });

  it('gives an origin not listed, and a request without Origin, no CORS header (but Vary: Origin)', async () => {
    const corsHeaders = (response: { headers: Record<string, string> }) => Object.keys(response.headers).filter((name) => name.startsWith('access-control-'));
    const preflight = await request(server.app.express).options('/graphql').set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'POST');
    expect(corsHeaders(preflight)).toEqual([]);
    const read = await request(server.app.express).get('/api/ibexa/v2/').set('Origin', 'https://evil.example');
    expect(corsHeaders(read)).toEqual([]);
    expect(read.headers['vary']).toMatch(/Origin/);
    const noOrigin = await request(server.app.express).get('/nothing');
    expect(corsHeaders(noOrigin)).toEqual([]);
    expect(noOrigin.headers['vary']).toMatch(/Origin/);
  });

  it('leaves a plain OPTIONS (no preflight) to the REST API: 200 with Allow', async () => {
    const response = await request(server.app.express).options('/api/ibexa/v2/content/sections').set('Origin', 'https://app.example');
    expect(response.status).toBe(200);
    expect(response.headers['allow']).toBe('GET,POST');
    expect(response.headers['access-control-allow-origin']).toBe('https://app.example');
  });

  it('sends Strict-Transport-Security when HSTS_MAX_AGE is set', async () => {
    const response = await request(server.app.express).get('/healthz');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});

describe('CORS with any origin', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ CORS_ORIGINS: '*' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers Access-Control-Allow-Origin: * without credentials', async () => {
    const response = await request(server.app.express).options('/graphql').set('Origin', 'https://any.example').set('Access-Control-Request-Method', 'POST');
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('CORS and HSTS configuration', () => {
  it('is off by default and reads the origins, credentials and max-age', () => {
    expect(loadConfig({})).toMatchObject({ cors: undefined, hstsMaxAgeSeconds: 0 });
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example/, http://[::1]:8080', CORS_CREDENTIALS: 'yes', CORS_MAX_AGE: '60' }).cors).toEqual({
      origins: ['https://a.example', 'http://[::1]:8080'],
      credentials: true,
      maxAgeSeconds: 60,
    });
    expect(loadConfig({ CORS_ORIGINS: '*' }).cors).toEqual({ origins: '*', credentials: false, maxAgeSeconds: 600 });
  });

  it('refuses * with credentials, * among other origins, and values that are not origins', () => {
    expect(() => loadConfig({ CORS_ORIGINS: '*', CORS_CREDENTIALS: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ CORS_ORIGINS: '*,https://a.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ CORS_ORIGINS: 'a.example' })).toThrow(/CORS_ORIGINS: 'a.example' is not an origin/);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example/path' })).toThrow(ConfigError);
    expect(() => loadConfig({ HSTS_MAX_AGE: '-1' })).toThrow(ConfigError);
  });
});

describe('the GraphQL landing page in debug mode with GraphiQL off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ DEBUG: 'true', GRAPHIQL: 'false' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('is served without a Content-Security-Policy (it loads Apollo Sandbox), other paths keep theirs', async () => {
    const page = await request(server.app.express).get('/graphql').set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toBeUndefined();
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect((await request(server.app.express).get('/healthz')).headers['content-security-policy']).toBeDefined();
  });
});

describe('GraphQL input that is not well-formed Unicode', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers 400 BAD_REQUEST for a lone surrogate in variables (POST and GET), and runs well-formed ones', async () => {
    const query = 'query ($id: String!) { __type(name: $id) { name } }';
    const post = (variables: string) =>
      request(server.app.express).post('/graphql').set('Content-Type', 'application/json').send(`{"query": ${JSON.stringify(query)}, "variables": ${variables}}`);
    const refused = await post('{"id": "\\ud800"}');
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).errors[0]).toMatchObject({ message: expect.stringMatching(/not well-formed Unicode/), extensions: { code: 'BAD_REQUEST' } });
    expect((await post('{"nested": [{"\\udc00": 1}]}')).status).toBe(400);
    const fine = await post('{"id": "Folder \\ud83d\\ude00"}');
    expect(fine.status).toBe(200);
    const viaGet = await request(server.app.express)
      .get(`/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent('{"id":"\\ud800"}')}`)
      .set('Apollo-Require-Preflight', 'true');
    expect(viaGet.status).toBe(400);
  });
  it('answers 400 BAD_REQUEST for a JSON body whose bytes are not UTF-8, instead of decoding them as U+FFFD', async () => {
    const query = 'query ($id: String!) { __type(name: $id) { name } }';
    const body = (bytes: Buffer) => Buffer.concat([Buffer.from(`{"query": ${JSON.stringify(query)}, "variables": {"id": "Folder`), bytes, Buffer.from('"}}')]);
    const post = (bytes: Buffer, contentType = 'application/json') =>
      request(server.app.express)
        .post('/graphql')
        .set('Content-Type', contentType)
        // The raw bytes as they are (superagent would otherwise send a Buffer as JSON).
        .serialize((data: Buffer) => data as unknown as string)
        .send(body(bytes));
    for (const bytes of [Buffer.from([0xff]), Buffer.from([0xc3]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xc0, 0xaf])]) {
      const refused = await post(bytes);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.text)).toEqual({ errors: [{ message: 'The request body is not valid UTF-8', extensions: { code: 'BAD_REQUEST' } }] });
    }
    expect((await post(Buffer.from([0xff]), 'application/json; charset=utf-8')).status).toBe(400);
    const fine = await post(Buffer.from(' é 😀', 'utf8'));
    expect(fine.status).toBe(200);
    expect(JSON.parse(fine.text)).toEqual({ data: { __type: null } });
  });
});
