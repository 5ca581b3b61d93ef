import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createGraphQLTestApp, type GraphQLTestApp } from '../testing/graphql-test-app.js';
import { ADMIN_BASIC } from './helpers.js';

describe('HTTP answers of the endpoint', () => {
  let t: GraphQLTestApp;
  beforeAll(async () => {
    t = await createGraphQLTestApp();
  });
  afterAll(async () => {
    await t.graphql.stop();
  });
  const query = '{ item(contentId: 1) { contentId } }';

  it('answers a POST with the JSON body, its length, no-store and no entity tag', async () => {
    const response = await request(t.app).post('/graphql').set('Authorization', ADMIN_BASIC).set('Content-Type', 'application/json').send({ query });
    expect(response.status).toBe(200);
    expect(response.text).toBe('{"data":{"item":{"contentId":1}}}\n');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.text)));
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['etag']).toBeUndefined();
  });

  it('answers a GET with no-store and an entity tag, and 304 for a matching If-None-Match', async () => {
    const path = `/graphql?query=${encodeURIComponent(query)}`;
    const first = await request(t.app).get(path).set('Authorization', ADMIN_BASIC).set('Apollo-Require-Preflight', 'true');
    expect(first.status).toBe(200);
    expect(first.text).toBe('{"data":{"item":{"contentId":1}}}\n');
    expect(first.headers['cache-control']).toBe('no-store');
    const etag = first.headers['etag'];
    expect(typeof etag).toBe('string');
    const again = await request(t.app).get(path).set('Authorization', ADMIN_BASIC).set('Apollo-Require-Preflight', 'true').set('If-None-Match', String(etag));
    expect(again.status).toBe(304);
  });

  it('answers an error with its status and no-store', async () => {
    const response = await request(t.app).post('/graphql').set('Authorization', ADMIN_BASIC).set('Content-Type', 'application/json').send({ query: '{ nope }' });
    expect(response.status).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.text)));
  });
});
