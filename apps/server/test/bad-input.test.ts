import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { PNG_1X1, startTestServer, vnd, type TestServer } from './support/test-server.js';

const API = '/api/ibexa/v2';

const imageCreate = (image: unknown, overrides: Record<string, unknown> = {}) => ({
  ContentCreate: {
    ContentType: { _href: `${API}/content/types/5` },
    mainLanguageCode: 'eng-GB',
    LocationCreate: { ParentLocation: { _href: `${API}/content/locations/1/43/51` }, sortField: 'PATH', sortOrder: 'ASC' },
    fields: { field: [{ fieldDefinitionIdentifier: 'name', fieldValue: 'Bad' }, { fieldDefinitionIdentifier: 'image', fieldValue: image }] },
    ...overrides,
  },
});
const goodImage = { fileName: 'a.png', fileSize: PNG_1X1.length, data: PNG_1X1.toString('base64') };

describe('bad input is refused with an ErrorMessage and changes nothing', () => {
  let server: TestServer;
  const childrenOfImages = async (): Promise<number> => {
    const response = await request(server.app.express).get(`${API}/content/locations/1/43/51/children`).auth('admin', 'publish').set('Accept', 'application/json');
    return (JSON.parse(response.text).LocationList.Location as unknown[]).length;
  };
  const drafts = async (): Promise<number> =>
    server.app.repository.sudo(async (repository) => (await repository.contentService.loadContentInfoList(Array.from({ length: 200 }, (_, i) => i + 52))).size);

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  const cases: readonly (readonly [string, string, string | Buffer, number, string])[] = [
    ['malformed JSON', vnd('ContentCreate'), '{"ContentCreate": {', 400, 'An error occured while decoding the JSON input'],
    ['malformed XML', vnd('ContentCreate', 'xml'), '<ContentCreate><mainLanguageCode>eng-GB</ContentCreate>', 400, 'Detected errors in input XML'],
    ['an unknown media type', vnd('ContentCreat'), JSON.stringify(imageCreate(goodImage)), 400, 'Unknown content type specification'],
    ['an unknown format', 'application/vnd.ibexa.api.ContentCreate+yaml', 'a: b', 400, "Unknown format specification: 'yaml'"],
    ['a missing required element', vnd('ContentCreate'), JSON.stringify(imageCreate(goodImage, { mainLanguageCode: undefined })), 400, "Missing 'mainLanguageCode' element for ContentCreate."],
    ['invalid Base64', vnd('ContentCreate'), JSON.stringify(imageCreate({ fileName: 'a.png', data: '%%%not-base64%%%' })), 400, 'Content fields did not validate'],
    [
      'an unknown field identifier',
      vnd('ContentCreate'),
      JSON.stringify(imageCreate(goodImage, { fields: { field: [{ fieldDefinitionIdentifier: 'colour', fieldValue: 'red' }] } })),
      400,
      "Field definition 'colour' does not exist",
    ],
    ['a content type href to another route', vnd('ContentCreate'), JSON.stringify(imageCreate(goodImage, { ContentType: { _href: `${API}/content/sections/1` } })), 406, 'expected a content type reference'],
    [
      'a location href to another route',
      vnd('ContentCreate'),
      JSON.stringify(imageCreate(goodImage, { LocationCreate: { ParentLocation: { _href: `${API}/content/objects/1` }, sortField: 'PATH', sortOrder: 'ASC' } })),
      406,
      'expected a location reference',
    ],
    [
      'a value that fails validation',
      vnd('ContentCreate'),
      JSON.stringify(imageCreate(goodImage, { fields: { field: [{ fieldDefinitionIdentifier: 'name', fieldValue: 'x'.repeat(151) }, { fieldDefinitionIdentifier: 'image', fieldValue: goodImage }] } })),
      400,
      'Content fields did not validate',
    ],
  ];

  it.each(cases)('%s', async (_name, contentType, body, status, description) => {
    const beforeFiles = await server.storedFiles();
    const beforeChildren = await childrenOfImages();
    const beforeDrafts = await drafts();
    const response = await request(server.app.express)
      .post(`${API}/content/objects`)
      .auth('admin', 'publish')
      .set('Content-Type', contentType)
      .set('Accept', vnd('Content'))
      .send(body);
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toBe(vnd('ErrorMessage'));
    const error = JSON.parse(response.text).ErrorMessage;
    expect(error.errorCode).toBe(status);
    expect(error.errorDescription).toContain(description);
    expect(await server.storedFiles()).toEqual(beforeFiles);
    expect(await childrenOfImages()).toBe(beforeChildren);
    expect(await drafts()).toBe(beforeDrafts);
  });

  it('lists field errors in errorDetails, in JSON and XML', async () => {
    const body = JSON.stringify(imageCreate({ ...goodImage, fileSize: -1 }));
    const json = await request(server.app.express).post(`${API}/content/objects`).auth('admin', 'publish').set('Content-Type', vnd('ContentCreate')).set('Accept', 'application/json').send(body);
    expect(JSON.parse(json.text).ErrorMessage.errorDetails.fields).toEqual([
      { _fieldTypeId: 118, errors: [{ type: 'fileSize', message: expect.stringContaining('byte count') }] },
    ]);
    const xml = await request(server.app.express).post(`${API}/content/objects`).auth('admin', 'publish').set('Content-Type', vnd('ContentCreate')).set('Accept', 'application/xml').send(body);
    expect(xml.text).toMatch(/<errorDetails><field fieldTypeId="118"><error><type>fileSize<\/type><message>[^<]*byte count[^<]*<\/message><\/error><\/field><\/errorDetails>/);
  });

  it('answers 413 with an ErrorMessage for a body over the limit', async () => {
    const small = await startTestServer({ BODY_LIMIT: '1kb' });
    try {
      const response = await request(small.app.express)
        .post(`${API}/content/objects`)
        .auth('admin', 'publish')
        .set('Content-Type', vnd('ContentCreate'))
        .set('Accept', 'application/json')
        .send(JSON.stringify(imageCreate({ ...goodImage, data: 'A'.repeat(4096) })));
      expect(response.status).toBe(413);
      expect(JSON.parse(response.text).ErrorMessage.errorCode).toBe(413);
    } finally {
      await small.stop();
    }
  });

  it('never leaks internals: an ErrorMessage for an anonymous write is 401 without a trace', async () => {
    const response = await request(server.app.express).post(`${API}/content/objects`).set('Content-Type', vnd('ContentCreate')).set('Accept', 'application/json').send(JSON.stringify(imageCreate(goodImage)));
    expect(response.status).toBe(401);
    expect(JSON.parse(response.text).ErrorMessage.trace).toBeUndefined();
  });
});
