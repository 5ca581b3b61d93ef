import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import request from 'supertest';
import { call, contentCreate, type Credentials } from './support/rest-session.js';
import { startTestServer, vnd, type TestServer } from './support/test-server.js';

const ADMIN: Credentials = { basic: ['admin', 'publish'] };

/** The Thumbnail of Ibexa 4.6's Version: always resource, width, height and mimeType. */
describe('Thumbnail of Version and Content', () => {
  let server: TestServer;
  let imageId: number;
  let imageUri: string;
  let folderId: number;
  beforeAll(async () => {
    server = await startTestServer();
    const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
    const image = await call(server.app.express, ADMIN, {
      method: 'POST',
      path: '/content/objects',
      input: 'ContentCreate',
      accept: 'Content',
      body: contentCreate(5, '1/43/51', { name: 'Swatch', image: { fileName: 'swatch.png', data: bytes.toString('base64') } }),
    });
    expect(image.status).toBe(201);
    imageId = image.body.Content._id;
    const field = (image.body.Content.CurrentVersion.Version.Fields.field as { fieldDefinitionIdentifier: string; fieldValue: { uri: string } }[]).find((candidate) => candidate.fieldDefinitionIdentifier === 'image');
    imageUri = field?.fieldValue.uri ?? '';
    const folder = await call(server.app.express, ADMIN, { method: 'POST', path: '/content/objects', input: 'ContentCreate', accept: 'Content', body: contentCreate(1, '1/2', { name: 'Plain folder' }) });
    expect(folder.status).toBe(201);
    folderId = folder.body.Content._id;
    for (const id of [imageId, folderId]) {
      expect((await call(server.app.express, ADMIN, { method: 'PUBLISH', path: `/content/objects/${id}/versions/1` })).status).toBe(204);
    }
  });
  afterAll(async () => {
    await server.stop();
  });

  it('describes the image of an image item: its uri, dimensions and MIME type (JSON Content and Version)', async () => {
    expect(imageUri).toMatch(/^\/var\/site\/storage\/images\/.+\/swatch\.png$/);
    const expected = { '_media-type': vnd('Thumbnail'), resource: imageUri, width: 40, height: 30, mimeType: 'image/png' };
    const content = await call(server.app.express, ADMIN, { method: 'GET', path: `/content/objects/${imageId}`, accept: 'Content' });
    expect(content.body.Content.CurrentVersion.Version.Thumbnail).toEqual(expected);
    const version = await call(server.app.express, ADMIN, { method: 'GET', path: `/content/objects/${imageId}/versions/1`, accept: 'Version' });
    expect(version.body.Version.Thumbnail).toEqual(expected);
  });

  it("gives other items their content type's icon, without dimensions (JSON)", async () => {
    const version = await call(server.app.express, ADMIN, { method: 'GET', path: `/content/objects/${folderId}/versions/1`, accept: 'Version' });
    expect(version.body.Version.Thumbnail).toEqual({
      '_media-type': vnd('Thumbnail'),
      resource: '/bundles/ibexaicons/img/all-icons.svg#folder',
      width: null,
      height: null,
      mimeType: 'image/svg+xml',
    });
  });

  it('has the four children in XML, width and height empty for an icon', async () => {
    const folder = await call(server.app.express, ADMIN, { method: 'GET', path: `/content/objects/${folderId}`, accept: 'Content', format: 'xml' });
    expect(folder.text).toMatch(
      /<Thumbnail media-type="application\/vnd\.ibexa\.api\.Thumbnail\+xml"><resource>\/bundles\/ibexaicons\/img\/all-icons\.svg#folder<\/resource><width(\/>|><\/width>)<height(\/>|><\/height>)<mimeType>image\/svg\+xml<\/mimeType><\/Thumbnail>/,
    );
    const image = await call(server.app.express, ADMIN, { method: 'GET', path: `/content/objects/${imageId}/versions/1`, accept: 'Version', format: 'xml' });
    expect(image.text).toContain(`<Thumbnail media-type="application/vnd.ibexa.api.Thumbnail+xml"><resource>${imageUri}</resource><width>40</width><height>30</height><mimeType>image/png</mimeType></Thumbnail>`);
  });

  it('is in the Content of search hits too (published items)', async () => {
    const response = await request(server.app.express)
      .post('/api/ibexa/v2/views')
      .auth('admin', 'publish')
      .set('Content-Type', 'application/vnd.ibexa.api.ViewInput+json; version=1.1')
      .set('Accept', vnd('View'))
      .send(JSON.stringify({ ViewInput: { identifier: 'thumbnails', ContentQuery: { Filter: { ContentIdCriterion: `${folderId},${imageId}` } } } }));
    expect(response.status).toBe(200);
    const hits = JSON.parse(response.text).View.Result.searchHits.searchHit as { value: { Content: { _id: number; CurrentVersion: { Version: { Thumbnail: { resource: string } } } } } }[];
    const resources = Object.fromEntries(hits.map((hit) => [hit.value.Content._id, hit.value.Content.CurrentVersion.Version.Thumbnail.resource]));
    expect(resources).toEqual({ [folderId]: '/bundles/ibexaicons/img/all-icons.svg#folder', [imageId]: imageUri });
  });
});
