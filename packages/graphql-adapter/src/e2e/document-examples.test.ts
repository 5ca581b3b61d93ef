import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createGraphQLTestApp, type GraphQLTestApp } from '../testing/graphql-test-app.js';
import {
  contentResult,
  CREATE_FOLDER,
  CREATE_FOLDER_IBEXA,
  CREATE_IMAGE,
  CREATE_IMAGE_CURL,
  deleteContentByGlobalId,
  deleteContentById,
  updateFolder,
  UPLOAD_FILES,
  UPLOAD_FILES_CURL,
} from '../testing/document-examples.js';
import { dataAt, gql, upload } from './helpers.js';
import { SESSION_CSRF_TOKEN, sessionCookie } from './session.js';

const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

describe('the client GraphQL examples, as written, with the session cookie in the Cookie header', () => {
  let t: GraphQLTestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createGraphQLTestApp();
    headers = { Cookie: await sessionCookie(t.repo.sessions), 'X-CSRF-Token': SESSION_CSRF_TOKEN };
  });
  afterAll(async () => {
    await t.graphql.stop();
  });

  it('create<Type> with languageCode, then update<Type> and deleteContent by contentId', async () => {
    const created = await gql(t.app, CREATE_FOLDER, { headers });
    expect(created.status).toBe(200);
    const id = dataAt(created, 'createFolder', 'id');
    expect(typeof id).toBe('string');
    const contentId = Number(Buffer.from(String(id), 'base64').toString('utf8').replace('DomainContent:', ''));
    expect(id).toBe(base64(`DomainContent:${contentId}`));

    const updated = await gql(t.app, updateFolder(contentId), { headers });
    expect(updated.body).toEqual({ data: { updateFolder: { id } } });
    const item = await gql(t.app, `{ item(contentId: ${contentId}) { ... on FolderItem { name } _info { currentVersionNo } } }`, { headers });
    expect(dataAt(item, 'item')).toEqual({ name: 'New Folder name', _info: { currentVersionNo: 2 } });

    const deleted = await gql(t.app, deleteContentById(contentId), { headers });
    expect(deleted.body).toEqual({ data: { deleteContent: { id: base64(`FolderContent:${contentId}`), contentId } } });
    const gone = await gql(t.app, `{ item(contentId: ${contentId}) { _name } }`, { headers });
    expect(gone.body.errors?.[0]?.extensions?.['code']).toBe('NOT_FOUND');
  });

  it("create<Type> in Ibexa's spelling (language: eng_GB) and deleteContent by the opaque id", async () => {
    const created = await gql(t.app, CREATE_FOLDER_IBEXA, { headers });
    const id = String(dataAt(created, 'createFolder', 'id'));
    const deleted = await gql(t.app, deleteContentByGlobalId(id), { headers });
    expect(dataAt(deleted, 'deleteContent', 'id')).toBe(id);
  });

  it('createImage with one file (operations, map {"image": ["variables.file"]}, the file part)', async () => {
    for (const example of [CREATE_IMAGE, CREATE_IMAGE_CURL]) {
      const response = await upload(t.app, example, { headers });
      expect(response.status).toBe(200);
      expect(response.body.errors).toBeUndefined();
      const image = dataAt(response, 'createImage');
      expect(image).toMatchObject({
        _info: { id: expect.any(Number), mainLocationId: expect.any(Number) },
        name: 'An image created over GraphQL',
        image: { fileName: 'image.png', alternativeText: 'The alternative text', uri: expect.stringMatching(/^\/var\/site\/storage\/images\/.+\/image\.png$/) },
      });
      // The second image of the same name gets a unique URL alias (Ibexa appends a number to a taken alias).
      if (example === CREATE_IMAGE_CURL) expect(dataAt(response, 'createImage', '_url')).toBe('/Media/Images/An-image-created-over-GraphQL2');
      const contentId = Number(dataAt(response, 'createImage', '_info', 'id'));
      const result = await gql(t.app, contentResult(contentId), { headers });
      expect(dataAt(result, 'item')).toMatchObject({
        id: base64(`DomainContent:${contentId}`),
        contentId,
        _info: { id: contentId, mainLocationId: dataAt(response, 'createImage', '_info', 'mainLocationId') },
        _location: { id: dataAt(response, 'createImage', '_info', 'mainLocationId') },
        name: 'An image created over GraphQL',
        image: { fileName: 'image.png', alternativeText: 'The alternative text' },
      });
    }
  });

  it('uploadFiles with five files mapped to variables.files.N (curl form, languageCode)', async () => {
    const response = await upload(t.app, UPLOAD_FILES_CURL, { headers });
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expect(dataAt(response, 'uploadFiles', 'warnings')).toEqual([]);
    const files = dataAt(response, 'uploadFiles', 'files');
    expect(files).toEqual([
      { _url: '/Media/Images/image1.png', _location: { id: expect.any(Number) }, name: 'image1.png', image: { uri: expect.stringMatching(/image1\.png$/) } },
      { _url: '/Media/Images/image2.png', _location: { id: expect.any(Number) }, name: 'image2.png', image: { uri: expect.stringMatching(/image2\.png$/) } },
      { _url: '/Media/Images/file1.pdf', _location: { id: expect.any(Number) }, name: 'file1.pdf', file: { uri: expect.stringMatching(/file1\.pdf$/) } },
      { _url: '/Media/Images/file2.zip', _location: { id: expect.any(Number) }, name: 'file2.zip', file: { uri: expect.stringMatching(/file2\.zip$/) } },
      { _url: '/Media/Images/media.mp4', _location: { id: expect.any(Number) }, name: 'media.mp4', file: { uri: expect.stringMatching(/media\.mp4$/) } },
    ]);
  });

  it('uploadFiles in the GraphQL form (language: eng_GB)', async () => {
    const response = await upload(t.app, UPLOAD_FILES, { headers });
    expect(response.body.errors).toBeUndefined();
    expect(dataAt(response, 'uploadFiles')).toMatchObject({
      files: [{ name: 'photo.png', image: { uri: expect.any(String) } }, { name: 'notes.pdf', file: { uri: expect.any(String) } }],
      warnings: [],
    });
  });
});
