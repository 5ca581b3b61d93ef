import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { crc32 } from 'node:zlib';
import { TEST_DATABASE_URL_VARIABLE, testDatabaseUrl } from '@contentrepo/persistence/testing';
import type { Express } from 'express';
import request from 'supertest';
import { ConfigError, loadConfig } from '../src/server-config.js';
import { call, contentCreate, type Credentials } from './support/rest-session.js';
import { PNG_1X1, startNodesOnOneSchema, startTestServer, type NodesOnOneSchema, type TestServer } from './support/test-server.js';

const ADMIN: Credentials = { basic: ['admin', 'publish'] };

/** The field value of `identifier` in a REST Content answer. */
function fieldValue(content: { CurrentVersion: { Version: { Fields: { field: { fieldDefinitionIdentifier: string; fieldValue: Record<string, unknown> }[] } } } }, identifier: string): Record<string, unknown> {
  const field = content.CurrentVersion.Version.Fields.field.find((candidate) => candidate.fieldDefinitionIdentifier === identifier);
  if (!field) throw new Error(`no field ${identifier}`);
  return field.fieldValue;
}

/** Creates an image item (content type 5, below Media/Images) through REST; answers its id and image field value. */
async function uploadImage(app: Express, fileName: string, bytes: Buffer): Promise<{ id: number; image: Record<string, unknown> }> {
  const created = await call(app, ADMIN, {
    method: 'POST',
    path: '/content/objects',
    input: 'ContentCreate',
    accept: 'Content',
    body: contentCreate(5, '1/43/51', { name: fileName, image: { fileName, fileSize: bytes.length, data: bytes.toString('base64'), alternativeText: fileName } }),
  });
  expect(created.status).toBe(201);
  return { id: created.body.Content._id, image: fieldValue(created.body.Content, 'image') };
}

/** {@link PNG_1X1} with a `tEXt` comment of `size` letters after its header: a valid PNG of any size. */
function largePng(size: number): Buffer {
  const type = Buffer.from('tEXt');
  const data = Buffer.concat([Buffer.from('Comment\0'), Buffer.from(Array.from({ length: size }, (_, index) => 97 + (index % 26)))]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  const headerEnd = 8 + 25; // signature, then IHDR (length, type, 13 bytes, CRC)
  return Buffer.concat([PNG_1X1.subarray(0, headerEnd), length, type, data, crc, PNG_1X1.subarray(headerEnd)]);
}

/** GET of a stored file's URI, with the body as bytes. */
async function fetchFile(app: Express, uri: string): Promise<{ status: number; type: string | undefined; body: Buffer }> {
  const response = await request(app).get(uri).buffer(true).parse((res, done) => {
    const parts: Buffer[] = [];
    res.on('data', (part: Buffer) => parts.push(part));
    res.on('end', () => done(null, Buffer.concat(parts)));
  });
  return { status: response.status, type: response.headers['content-type'], body: response.body as Buffer };
}

describe('STORAGE configuration', () => {
  it('defaults to the local folder, accepts database in any case, and refuses anything else at start-up', () => {
    expect(loadConfig({}).storage).toBe('local');
    expect(loadConfig({ STORAGE: 'local' }).storage).toBe('local');
    expect(loadConfig({ STORAGE: 'Database' }).storage).toBe('database');
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow("STORAGE must be 'local' (files in DATA_DIR/storage) or 'database' (files in the database), got 's3'");
  });
});

describe('STORAGE=database on SQLite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ STORAGE: 'database' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('keeps an uploaded image in the database, nothing in DATA_DIR/storage, and serves it at its server-relative uri', async () => {
    const { image } = await uploadImage(server.app.express, 'pixel.png', PNG_1X1);
    expect(image['uri']).toMatch(/^\/var\/site\/storage\/images\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{32}\/pixel\.png$/);
    expect(await server.storedFiles()).toEqual([]);
    const file = await fetchFile(server.app.express, String(image['uri']));
    expect(file).toEqual({ status: 200, type: 'image/png', body: PNG_1X1 });
    const head = await request(server.app.express).head(String(image['uri']));
    expect([head.status, head.headers['content-length'], head.headers['content-type']]).toEqual([200, String(PNG_1X1.length), 'image/png']);
    expect((await fetchFile(server.app.express, `${String(image['uri'])}.missing`)).status).toBe(404);
  });

  it('answers binary file URLs with the scheme and host the client addressed, as Ibexa, and serves the file', async () => {
    const bytes = Buffer.from('contract draft, version 1\n');
    const created = await call(server.app.express, ADMIN, {
      method: 'POST',
      path: '/content/objects',
      input: 'ContentCreate',
      accept: 'Content',
      body: contentCreate(12, '1/43/52', { name: 'Contract', file: { fileName: 'contract.txt', fileSize: bytes.length, data: bytes.toString('base64') } }),
    });
    expect(created.status).toBe(201);
    const id: number = created.body.Content._id;
    const path = `/content/objects/${id}/versions/1`;
    const direct = await call(server.app.express, ADMIN, { method: 'GET', path, accept: 'Version', headers: { Host: 'cms.example.com' } });
    const version = { CurrentVersion: direct.body };
    const url = String(fieldValue(version, 'file')['url']);
    expect(url).toMatch(/^http:\/\/cms\.example\.com\/var\/site\/storage\/files\/.+\/contract\.txt$/);
    expect(fieldValue(version, 'file')['uri']).toBe(url);
    // A proxy on the same machine (trusted) names the public scheme and host.
    const proxied = await call(server.app.express, ADMIN, {
      method: 'GET',
      path,
      accept: 'Version',
      headers: { Host: '127.0.0.1:8081', 'X-Forwarded-Host': 'www.example.org', 'X-Forwarded-Proto': 'https' },
    });
    const publicUrl = String(fieldValue({ CurrentVersion: proxied.body }, 'file')['url']);
    expect(publicUrl).toBe(url.replace('http://cms.example.com', 'https://www.example.org'));
    const file = await fetchFile(server.app.express, new URL(url).pathname);
    expect(file).toEqual({ status: 200, type: 'text/plain; charset=utf-8', body: bytes });
  });
});

describe('a declared fileSize is informational (Ibexa 4.6 behaviour: the real size is stored)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('accepts an image whose declared fileSize differs from its decoded data and stores the real size', async () => {
    const created = await call(server.app.express, ADMIN, {
      method: 'POST',
      path: '/content/objects',
      input: 'ContentCreate',
      accept: 'Content',
      body: contentCreate(5, '1/43/51', { name: 'Pixel', image: { fileName: 'pixel.png', fileSize: 12345, data: PNG_1X1.toString('base64') } }),
    });
    expect(created.status).toBe(201);
    expect(fieldValue(created.body.Content, 'image')['fileSize']).toBe(PNG_1X1.length);
  });

  it('accepts a binary file whose declared fileSize differs from its decoded data and stores the real size', async () => {
    const bytes = Buffer.from('twelve bytes');
    const created = await call(server.app.express, ADMIN, {
      method: 'POST',
      path: '/content/objects',
      input: 'ContentCreate',
      accept: 'Content',
      body: contentCreate(12, '1/43/52', { name: 'Notes', file: { fileName: 'notes.txt', fileSize: 1, data: bytes.toString('base64') } }),
    });
    expect(created.status).toBe(201);
    expect(fieldValue(created.body.Content, 'file')['fileSize']).toBe(bytes.length);
  });

  it('still refuses a declared fileSize that is no byte count', async () => {
    const created = await call(server.app.express, ADMIN, {
      method: 'POST',
      path: '/content/objects',
      input: 'ContentCreate',
      accept: 'Content',
      body: contentCreate(5, '1/43/51', { name: 'Pixel', image: { fileName: 'pixel.png', fileSize: 'big', data: PNG_1X1.toString('base64') } }),
    });
    expect(created.status).toBe(400);
    expect(created.body.ErrorMessage.errorDescription).toContain('Content fields did not validate');
  });
});

const databaseUrl = testDatabaseUrl();

(databaseUrl === undefined ? describe.skip : describe)(
  `STORAGE=database: two nodes on one PostgreSQL schema, each with its own DATA_DIR${databaseUrl === undefined ? ` (skipped: ${TEST_DATABASE_URL_VARIABLE} is not set)` : ''}`,
  () => {
    const nodes: TestServer[] = [];
    let shared: NodesOnOneSchema | undefined;
    const node = (index: number): TestServer => {
      const server = nodes[index];
      if (!server) throw new Error(`node ${index + 1} did not start`);
      return server;
    };
    beforeAll(async () => {
      if (databaseUrl === undefined) return;
      shared = await startNodesOnOneSchema(databaseUrl, 2, { STORAGE: 'database' });
      nodes.push(...shared.nodes);
    });
    afterAll(async () => {
      await shared?.stop();
    });

    it('serves through node 2 the same bytes and type as were uploaded through node 1, neither node writing a file to disk', async () => {
      const bytes = largePng(600_000); // three chunks in the database
      const { id, image } = await uploadImage(node(0).app.express, 'shared.png', bytes);
      const uri = String(image['uri']);
      expect(uri).toMatch(/^\/var\/site\/storage\/images\/.+\/shared\.png$/);
      expect(await fetchFile(node(1).app.express, uri)).toEqual({ status: 200, type: 'image/png', body: bytes });
      // Node 2 reads the field from the database and gives the same server-relative URI.
      const read = await call(node(1).app.express, ADMIN, { method: 'GET', path: `/content/objects/${id}/versions/1`, accept: 'Version' });
      expect(fieldValue({ CurrentVersion: read.body }, 'image')['uri']).toBe(uri);
      expect([await node(0).storedFiles(), await node(1).storedFiles()]).toEqual([[], []]);
    });
  },
);
