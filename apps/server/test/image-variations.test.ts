import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TEST_DATABASE_URL_VARIABLE, testDatabaseUrl } from '@contentrepo/persistence/testing';
import type { Express } from 'express';
import sharp from 'sharp';
import request from 'supertest';
import { loadConfig, ConfigError } from '../src/server-config.js';
import { call, contentCreate, type Credentials } from './support/rest-session.js';
import { startNodesOnOneSchema, startTestServer, type NodesOnOneSchema, type TestServer } from './support/test-server.js';

const ADMIN: Credentials = { basic: ['admin', 'publish'] };

/** An 800×600 PNG (a gradient, so that resampling has something to do). */
async function png800x600(): Promise<Buffer> {
  const pixels = Buffer.alloc(800 * 600 * 3);
  for (let index = 0; index < 800 * 600; index++) {
    pixels[index * 3] = index % 256;
    pixels[index * 3 + 1] = Math.floor(index / 800) % 256;
    pixels[index * 3 + 2] = 128;
  }
  return sharp(pixels, { raw: { width: 800, height: 600, channels: 3 } }).png().toBuffer();
}

/** Creates an image item through REST; answers its content id, image field id and version number. */
async function uploadImage(app: Express, fileName: string, bytes: Buffer): Promise<{ contentId: number; imageId: string }> {
  const created = await call(app, ADMIN, {
    method: 'POST',
    path: '/content/objects',
    input: 'ContentCreate',
    accept: 'Content',
    body: contentCreate(5, '1/43/51', { name: fileName, image: { fileName, data: bytes.toString('base64') } }),
  });
  expect(created.status).toBe(201);
  const content = created.body.Content;
  const field = (content.CurrentVersion.Version.Fields.field as { id: number; fieldDefinitionIdentifier: string }[]).find((candidate) => candidate.fieldDefinitionIdentifier === 'image');
  if (!field) throw new Error('no image field');
  return { contentId: content._id, imageId: `${content._id}-${field.id}-1` };
}

interface VariationBody {
  readonly uri: string;
  readonly contentType: string;
  readonly width: number;
  readonly height: number;
  readonly fileSize: number;
}

async function variation(app: Express, imageId: string, name: string): Promise<{ status: number; body: { ContentImageVariation?: VariationBody; ErrorMessage?: { errorCode: number; errorDescription: string } } }> {
  const reply = await call(app, ADMIN, { method: 'GET', path: `/content/binary/images/${imageId}/variations/${name}`, accept: 'ContentImageVariation' });
  return { status: reply.status, body: reply.body };
}

/** The bytes served at an absolute variation URI. */
async function download(app: Express, uri: string): Promise<Buffer> {
  const response = await request(app)
    .get(new URL(uri).pathname)
    .buffer(true)
    .parse((res, done) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => done(null, Buffer.concat(parts)));
    });
  expect(response.status).toBe(200);
  return response.body as Buffer;
}

const EXPECTED: readonly (readonly [string, number, number])[] = [
  ['reference', 600, 450],
  ['large', 300, 225],
  ['medium', 200, 150],
  ['small', 100, 75],
  // 600×450 scaled by 30/600: 22.5 rounds half up, as Imagine's Box::scale rounds.
  ['tiny', 30, 23],
];

describe('image variations (Ibexa 4.6 default definitions, generated with libvips)', () => {
  let server: TestServer;
  let original: Buffer;
  beforeAll(async () => {
    server = await startTestServer({ IMAGE_VARIATIONS: JSON.stringify({ thumb: { reference: null, filters: [{ name: 'geometry/scaledownonly', params: [50, 50] }] } }) });
    original = await png800x600();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers each variation of an 800×600 PNG with the dimensions of the file it serves', async () => {
    const { imageId } = await uploadImage(server.app.express, 'gradient.png', original);
    for (const [name, width, height] of EXPECTED) {
      const answer = await variation(server.app.express, imageId, name);
      expect(answer.status).toBe(200);
      const body = answer.body.ContentImageVariation;
      expect(body).toMatchObject({ width, height, contentType: 'image/png' });
      expect(body?.uri).toMatch(new RegExp(`^http://127\\.0\\.0\\.1(:\\d+)?/var/site/storage/images/_aliases/${name}/.+/gradient\\.png$`));
      const file = await download(server.app.express, body?.uri ?? '');
      expect(file.length).toBe(body?.fileSize);
      const metadata = await sharp(file).metadata();
      expect([name, metadata.format, metadata.width, metadata.height]).toEqual([name, 'png', width, height]);
    }
    const originalAnswer = await variation(server.app.express, imageId, 'original');
    expect(originalAnswer.body.ContentImageVariation).toMatchObject({ width: 800, height: 600, fileSize: original.length });
  });

  it('serves a variation defined by IMAGE_VARIATIONS and lists it among the image variations', async () => {
    const { contentId, imageId } = await uploadImage(server.app.express, 'thumbable.png', original);
    const answer = await variation(server.app.express, imageId, 'thumb');
    expect(answer.body.ContentImageVariation).toMatchObject({ width: 50, height: 38 });
    const metadata = await sharp(await download(server.app.express, answer.body.ContentImageVariation?.uri ?? '')).metadata();
    expect([metadata.width, metadata.height]).toEqual([50, 38]);
    const content = await call(server.app.express, ADMIN, { method: 'GET', path: `/content/objects/${contentId}`, accept: 'Content' });
    const field = (content.body.Content.CurrentVersion.Version.Fields.field as { fieldDefinitionIdentifier: string; fieldValue: { variations: Record<string, unknown> } }[]).find(
      (candidate) => candidate.fieldDefinitionIdentifier === 'image',
    );
    expect(Object.keys(field?.fieldValue.variations ?? {})).toEqual(['large', 'medium', 'reference', 'small', 'thumb', 'tiny']);
  });

  it('generates a variation once: concurrent first requests and later ones serve one stored file', async () => {
    const { imageId } = await uploadImage(server.app.express, 'concurrent.png', original);
    const before = await server.storedFiles();
    const answers = await Promise.all(Array.from({ length: 6 }, () => variation(server.app.express, imageId, 'medium')));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    // Each supertest request has its own port in the absolute URI: compare the paths.
    const described = (answer: (typeof answers)[number]) => JSON.stringify({ ...answer.body.ContentImageVariation, uri: new URL(answer.body.ContentImageVariation?.uri ?? '').pathname });
    expect(new Set(answers.map(described)).size).toBe(1);
    const added = (await server.storedFiles()).filter((file) => !before.includes(file));
    // medium is made from reference: both are stored, once each, and no temporary file is left.
    expect(added.sort()).toEqual([expect.stringMatching(/^images\/_aliases\/medium\/.+\/concurrent\.png$/), expect.stringMatching(/^images\/_aliases\/reference\/.+\/concurrent\.png$/)]);
    const again = await variation(server.app.express, imageId, 'medium');
    expect(described(again)).toEqual(described(answers[0] ?? again));
    expect((await server.storedFiles()).length).toBe(before.length + 2);
  });

  it('answers GraphQL variations with the generated files', async () => {
    const { contentId } = await uploadImage(server.app.express, 'graphql.png', original);
    const response = await request(server.app.express)
      .post('/graphql')
      .auth('admin', 'publish')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ query: `{ media { image(contentId: ${contentId}) { image { variation(identifier: small) { name uri width height mimeType } variations(identifier: [tiny, large]) { name width height } } } } }` }));
    expect(response.status).toBe(200);
    const image = JSON.parse(response.text).data.media.image.image;
    expect(image.variation).toEqual({ name: 'small', uri: expect.stringMatching(/^\/var\/site\/storage\/images\/_aliases\/small\/.+\/graphql\.png$/), width: 100, height: 75, mimeType: 'image/png' });
    expect(image.variations).toEqual([
      { name: 'tiny', width: 30, height: 23 },
      { name: 'large', width: 300, height: 225 },
    ]);
  });

  it('never enlarges: a 1×1 image has 1×1 variations', async () => {
    const pixel = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#123456' } }).png().toBuffer();
    const { imageId } = await uploadImage(server.app.express, 'pixel.png', pixel);
    expect((await variation(server.app.express, imageId, 'large')).body.ContentImageVariation).toMatchObject({ width: 1, height: 1, fileSize: pixel.length });
  });

  it('answers 400 with an ErrorMessage for a stored file that cannot be decoded, 404 for an unknown variation or a field without an image', async () => {
    const good = await png800x600();
    // The PNG header and IHDR chunk say 800×600, the pixel data is cut off.
    const broken = Buffer.concat([good.subarray(0, 33), Buffer.from([0, 0, 0, 4, 73, 68, 65, 84, 1, 2, 3, 4, 0, 0, 0, 0])]);
    const { contentId, imageId } = await uploadImage(server.app.express, 'broken.png', broken);
    const answer = await variation(server.app.express, imageId, 'small');
    expect(answer.status).toBe(400);
    expect(answer.body.ErrorMessage?.errorDescription).toContain('cannot be read as an image');
    expect((await variation(server.app.express, imageId, 'huge')).status).toBe(404);
    const nameFieldId = Number(imageId.split('-')[1]) - 1;
    expect((await variation(server.app.express, `${contentId}-${nameFieldId}-1`, 'small')).status).toBe(404);
  });

  it('deletes the stored variations with the content item (the original file is kept, shared by copies)', async () => {
    const { contentId, imageId } = await uploadImage(server.app.express, 'removed.png', original);
    expect((await variation(server.app.express, imageId, 'small')).status).toBe(200);
    expect((await server.storedFiles()).filter((file) => file.endsWith('/removed.png'))).toHaveLength(3);
    const deleted = await call(server.app.express, ADMIN, { method: 'DELETE', path: `/content/objects/${contentId}` });
    expect(deleted.status).toBe(204);
    expect((await server.storedFiles()).filter((file) => file.endsWith('/removed.png'))).toEqual([expect.stringMatching(/^images\/[0-9a-f]{2}\//)]);
  });

  it('deletes the variations of an image only a deleted version held, keeping those of the other versions', async () => {
    const { contentId, imageId } = await uploadImage(server.app.express, 'first.png', original);
    expect((await call(server.app.express, ADMIN, { method: 'PUBLISH', path: `/content/objects/${contentId}/versions/1` })).status).toBe(204);
    expect((await call(server.app.express, ADMIN, { method: 'COPY', path: `/content/objects/${contentId}/currentversion`, accept: 'Version' })).status).toBe(201);
    const second = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#808080' } }).png().toBuffer();
    const patched = await call(server.app.express, ADMIN, {
      method: 'PATCH',
      path: `/content/objects/${contentId}/versions/2`,
      input: 'VersionUpdate',
      accept: 'Version',
      body: { VersionUpdate: { fields: { field: [{ fieldDefinitionIdentifier: 'image', fieldValue: { fileName: 'second.png', data: second.toString('base64') } }] } } },
    });
    expect(patched.status).toBe(200);
    const draftImageId = imageId.replace(/-1$/, '-2');
    expect((await variation(server.app.express, draftImageId, 'small')).body.ContentImageVariation).toMatchObject({ width: 100, height: 100 });
    expect((await variation(server.app.express, imageId, 'small')).body.ContentImageVariation).toMatchObject({ width: 100, height: 75 });
    const aliases = async () => (await server.storedFiles()).filter((file) => file.startsWith('images/_aliases/') && /\/(first|second)\.png$/.test(file)).map((file) => file.replace(/\/.+\//, '/')).sort();
    expect(await aliases()).toEqual(['images/first.png', 'images/first.png', 'images/second.png', 'images/second.png']);
    expect((await call(server.app.express, ADMIN, { method: 'DELETE', path: `/content/objects/${contentId}/versions/2` })).status).toBe(204);
    expect(await aliases()).toEqual(['images/first.png', 'images/first.png']);
  });
});

describe('image variations with STORAGE=database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ STORAGE: 'database' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('stores the generated variations in the database and serves them', async () => {
    const { imageId } = await uploadImage(server.app.express, 'db.png', await png800x600());
    const answer = await variation(server.app.express, imageId, 'tiny');
    expect(answer.body.ContentImageVariation).toMatchObject({ width: 30, height: 23 });
    const metadata = await sharp(await download(server.app.express, answer.body.ContentImageVariation?.uri ?? '')).metadata();
    expect([metadata.width, metadata.height]).toEqual([30, 23]);
    expect(await server.storedFiles()).toEqual([]);
  });
});

const databaseUrl = testDatabaseUrl();

(databaseUrl === undefined ? describe.skip : describe)(
  `image variations on two nodes sharing PostgreSQL with STORAGE=database${databaseUrl === undefined ? ` (skipped: ${TEST_DATABASE_URL_VARIABLE} is not set)` : ''}`,
  () => {
    const nodes: TestServer[] = [];
    let shared: NodesOnOneSchema | undefined;
    beforeAll(async () => {
      if (databaseUrl === undefined) return;
      shared = await startNodesOnOneSchema(databaseUrl, 2, { STORAGE: 'database' });
      nodes.push(...shared.nodes);
    });
    afterAll(async () => {
      await shared?.stop();
    });

    it('answers concurrent first requests on both nodes with one variation, whose bytes either node serves', async () => {
      const [first, second] = nodes;
      if (!first || !second) throw new Error('the nodes did not start');
      const { imageId } = await uploadImage(first.app.express, 'shared.png', await png800x600());
      const answers = await Promise.all([first, second, first, second].map((node) => variation(node.app.express, imageId, 'large')));
      for (const answer of answers) expect(answer.body.ContentImageVariation).toMatchObject({ width: 300, height: 225, contentType: 'image/png' });
      const path = new URL(answers[0]?.body.ContentImageVariation?.uri ?? '').pathname;
      const [fromFirst, fromSecond] = await Promise.all([download(first.app.express, `http://x${path}`), download(second.app.express, `http://x${path}`)]);
      expect(fromFirst.equals(fromSecond)).toBe(true);
      expect(fromFirst.length).toBe(answers[0]?.body.ContentImageVariation?.fileSize);
      const metadata = await sharp(fromFirst).metadata();
      expect([metadata.width, metadata.height]).toEqual([300, 225]);
    });
  },
);

describe('IMAGE_VARIATIONS configuration', () => {
  it('refuses invalid JSON, unknown filters and unknown references at start-up', () => {
    expect(() => loadConfig({ IMAGE_VARIATIONS: '{' })).toThrow(ConfigError);
    expect(() => loadConfig({ IMAGE_VARIATIONS: JSON.stringify({ x: { filters: [{ name: 'geometry/crop', params: [1, 1] }] } }) })).toThrow("unsupported filter \"geometry/crop\"");
    expect(() => loadConfig({ IMAGE_VARIATIONS: JSON.stringify({ x: { reference: 'nope', filters: [] } }) })).toThrow("unknown reference 'nope'");
    expect(Object.keys(loadConfig({}).imageVariations).sort()).toEqual(['large', 'medium', 'reference', 'small', 'tiny']);
  });
});
