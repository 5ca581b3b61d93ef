import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CREATE_IMAGE } from '../testing/document-examples.js';
import { createGraphQLTestApp, type GraphQLTestApp } from '../testing/graphql-test-app.js';
import { ADMIN_BASIC, dataAt, errorCodes, errorMessages, gql, upload } from './helpers.js';

const admin = { headers: { Authorization: ADMIN_BASIC } };
const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

describe('mutations', () => {
  let t: GraphQLTestApp;
  beforeAll(async () => {
    t = await createGraphQLTestApp();
  });
  afterAll(async () => {
    await t.graphql.stop();
  });

  const createFolder = async (name: string, parentLocationId = 2): Promise<{ contentId: number; locationId: number }> => {
    const response = await gql(
      t.app,
      `mutation { createFolder(language: eng_GB, parentLocationId: ${parentLocationId}, input: { name: ${JSON.stringify(name)} }) { contentId _location { id } } }`,
      admin,
    );
    return { contentId: Number(dataAt(response, 'createFolder', 'contentId')), locationId: Number(dataAt(response, 'createFolder', '_location', 'id')) };
  };

  describe('create<Type>', () => {
    it('creates and publishes an article with rich text (markdown and html), authors and a relation', async () => {
      const image = await upload(t.app, CREATE_IMAGE, admin);
      const imageId = Number(dataAt(image, 'createImage', '_info', 'id'));
      const response = await gql(
        t.app,
        `mutation($intro: String!) {
          createArticle(languageCode: "eng-GB", parentLocationId: 2, input: {
            title: "Hello", intro: { format: markdown, input: $intro }, body: { format: html, input: "<p>Body <em>text</em></p>" },
            author: [{ name: "Jane Doe", email: "jane@example.com" }], enableComments: true, image: ${imageId}
          }) {
            contentId _name title intro { html5 plaintext } body { html5 } author { id name email } enableComments
            image { ... on ImageItem { contentId name } }
            _info { published currentVersionNo mainLanguageCode section { identifier } contentType { identifier } }
            _type { identifier }
          }
        }`,
        { ...admin, variables: { intro: '# Heading\n\nSome **bold** text.' } },
      );
      expect(response.body.errors).toBeUndefined();
      expect(dataAt(response, 'createArticle')).toMatchObject({
        _name: 'Hello',
        title: 'Hello',
        intro: { html5: expect.stringContaining('<strong>bold</strong>'), plaintext: expect.stringContaining('Some bold text.') },
        body: { html5: expect.stringContaining('Body') },
        author: [{ id: expect.any(Number), name: 'Jane Doe', email: 'jane@example.com' }],
        enableComments: true,
        image: { contentId: imageId, name: 'An image created over GraphQL' },
        _info: { published: true, currentVersionNo: 1, mainLanguageCode: 'eng-GB', section: { identifier: 'standard' }, contentType: { identifier: 'article' } },
        _type: { identifier: 'article' },
      });
      expect(String(dataAt(response, 'createArticle', 'body', 'html5'))).toContain('Body');
    });

    it('reports each failing field as its own error with BAD_USER_INPUT and Ibexa\'s message', async () => {
      const response = await gql(
        t.app,
        `mutation { createFolder(languageCode: "eng-GB", parentLocationId: 2, input: { name: "${'n'.repeat(300)}", shortName: "${'s'.repeat(120)}" }) { id } }`,
        admin,
      );
      expect(response.status).toBe(200);
      expect(response.body.data).toBeNull();
      expect(errorCodes(response)).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT']);
      const messages = errorMessages(response);
      expect(messages[0]).toMatch(/^Field 'name' failed validation: /);
      expect(messages[1]).toMatch(/^Field 'short_name' failed validation: /);
      expect(response.body.errors?.map((error) => error.path)).toEqual([['createFolder'], ['createFolder']]);
      expect(response.body.errors?.[0]?.extensions).toMatchObject({ field: 'name', languageCode: 'eng-GB' });
    });

    it('refuses the anonymous user with UNAUTHORIZED and a missing language with BAD_USER_INPUT', async () => {
      const anonymous = await gql(t.app, 'mutation { createFolder(languageCode: "eng-GB", parentLocationId: 2, input: { name: "x" }) { id } }');
      expect(errorCodes(anonymous)).toEqual(['UNAUTHORIZED']);
      expect(errorMessages(anonymous)[0]).toContain("does not have the 'create' 'content' permission");
      const noLanguage = await gql(t.app, 'mutation { createFolder(parentLocationId: 2, input: { name: "x" }) { id } }', admin);
      expect(errorMessages(noLanguage)).toEqual(['Either language or languageCode is required as an argument']);
      expect(errorCodes(noLanguage)).toEqual(['BAD_USER_INPUT']);
    });

    it('rejects input GraphQL validation catches (unknown field, missing required field) with 400', async () => {
      const unknown = await gql(t.app, 'mutation { createFolder(language: eng_GB, parentLocationId: 2, input: { name: "x", colour: "red" }) { id } }', admin);
      expect(unknown.status).toBe(400);
      expect(errorCodes(unknown)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
      const missing = await gql(t.app, 'mutation { createFolder(language: eng_GB, parentLocationId: 2, input: { shortName: "x" }) { id } }', admin);
      expect(missing.status).toBe(400);
    });
  });

  describe('update<Type>', () => {
    it('updates by contentId or global id, all input fields optional, and publishes a new version', async () => {
      const { contentId } = await createFolder('Before');
      const byId = await gql(
        t.app,
        `mutation { updateFolder(language: eng_GB, id: "${base64(`DomainContent:${contentId}`)}", input: { shortName: "Short" }) { name shortName _info { currentVersionNo } } }`,
        admin,
      );
      expect(dataAt(byId, 'updateFolder')).toEqual({ name: 'Before', shortName: 'Short', _info: { currentVersionNo: 2 } });
      const fromVersion = await gql(
        t.app,
        `mutation { updateFolder(languageCode: "eng-GB", contentId: ${contentId}, versionNo: 1, input: { name: "From v1" }) { name shortName _info { currentVersionNo } } }`,
        admin,
      );
      expect(dataAt(fromVersion, 'updateFolder')).toEqual({ name: 'From v1', shortName: null, _info: { currentVersionNo: 3 } });
    });

    it('adds a translation when written in another language', async () => {
      const { contentId } = await createFolder('English');
      const response = await gql(
        t.app,
        `mutation { updateFolder(language: pol_PL, contentId: ${contentId}, input: { name: "Polski" }) { name plName: name(language: pol_PL) enName: name(language: eng_GB) } }`,
        admin,
      );
      expect(dataAt(response, 'updateFolder')).toEqual({ name: 'Polski', plName: 'Polski', enName: 'English' });
    });

    it('changes the alternative text of an image without a new file', async () => {
      const created = await upload(t.app, CREATE_IMAGE, admin);
      const contentId = Number(dataAt(created, 'createImage', '_info', 'id'));
      const uri = dataAt(created, 'createImage', 'image', 'uri');
      const response = await gql(
        t.app,
        `mutation { updateImage(languageCode: "eng-GB", contentId: ${contentId}, input: { image: { alternativeText: "New text" } }) { image { uri alternativeText fileName } } }`,
        admin,
      );
      expect(dataAt(response, 'updateImage', 'image')).toEqual({ uri, alternativeText: 'New text', fileName: 'image.png' });
    });

    it("answers Ibexa's update<Ident> messages", async () => {
      const cases: [string, string, string][] = [
        ['updateFolder(language: eng_GB, input: { name: "x" })', 'Either id or contentId is required as an argument', 'BAD_USER_INPUT'],
        ['updateFolder(language: eng_GB, contentId: 99999, input: { name: "x" })', 'Could not load content with ID 99999', 'NOT_FOUND'],
        ['updateFolder(language: eng_GB, contentId: 1, versionNo: 99, input: { name: "x" })', 'Could not find version 99', 'NOT_FOUND'],
        ['updateImage(language: eng_GB, contentId: 1, input: { name: "x" })', "Content 1 is not of type 'image'", 'BAD_USER_INPUT'],
      ];
      for (const [call, message, code] of cases) {
        const response = await gql(t.app, `mutation { ${call} { id } }`, admin);
        expect(errorMessages(response)).toEqual([message]);
        expect(errorCodes(response)).toEqual([code]);
      }
      const anonymous = await gql(t.app, 'mutation { updateFolder(language: eng_GB, contentId: 1, input: { name: "x" }) { id } }');
      expect(errorMessages(anonymous)).toEqual(['You are not authorized to create a draft of this Content item']);
      const hidden = await gql(t.app, 'mutation { updateUserGroup(language: eng_GB, contentId: 4, input: { name: "x" }) { id } }');
      expect(errorMessages(hidden)).toEqual(['You are not authorized to load this content']);
      expect(errorCodes(hidden)).toEqual(['UNAUTHORIZED']);
    });

    it('leaves no draft behind when the update fails validation', async () => {
      const { contentId } = await createFolder('Valid');
      const response = await gql(t.app, `mutation { updateFolder(language: eng_GB, contentId: ${contentId}, input: { name: "${'x'.repeat(300)}" }) { id } }`, admin);
      expect(errorMessages(response)[0]).toMatch(/^Field 'name' failed validation: /);
      const versions = await gql(t.app, `{ item(contentId: ${contentId}) { _info { versions { versionNumber statusName } } } }`, admin);
      expect(dataAt(versions, 'item', '_info', 'versions')).toEqual([{ versionNumber: 1, statusName: 'PUBLISHED' }]);
    });
  });

  describe('deleteContent', () => {
    it('deletes by contentId (answering <Ident>Content:<id>) and by global id (echoing it)', async () => {
      const first = await createFolder('Delete me');
      const byContentId = await gql(t.app, `mutation { deleteContent(contentId: ${first.contentId}) { id contentId } }`, admin);
      expect(dataAt(byContentId, 'deleteContent')).toEqual({ id: base64(`FolderContent:${first.contentId}`), contentId: first.contentId });
      const second = await createFolder('Delete me too');
      const globalId = base64(`DomainContent:${second.contentId}`);
      const byId = await gql(t.app, `mutation { deleteContent(id: "${globalId}") { id contentId } }`, admin);
      expect(dataAt(byId, 'deleteContent')).toEqual({ id: globalId, contentId: second.contentId });
    });

    it("answers Ibexa's deleteContent messages", async () => {
      const cases: [string, Record<string, string> | undefined, string, string][] = [
        ['deleteContent', admin.headers, 'Either id or contentId is required as an argument', 'BAD_USER_INPUT'],
        ['deleteContent(contentId: 99999)', admin.headers, 'Could not find a Content item with ID 99999', 'NOT_FOUND'],
        ['deleteContent(contentId: 4)', undefined, 'You are not authorized to load the Content item with ID 4', 'UNAUTHORIZED'],
        ['deleteContent(contentId: 1)', undefined, 'You are not authorized to delete the Content item with ID 1', 'UNAUTHORIZED'],
      ];
      for (const [call, headers, message, code] of cases) {
        const response = await gql(t.app, `mutation { ${call} { id } }`, headers ? { headers } : {});
        expect(errorMessages(response)).toEqual([message]);
        expect(errorCodes(response)).toEqual([code]);
      }
    });
  });

  describe('createToken', () => {
    it('issues a JWT for valid credentials, usable as Authorization: Bearer', async () => {
      const response = await gql(t.app, 'mutation { createToken(username: "admin", password: "publish") { token message } }');
      const token = String(dataAt(response, 'createToken', 'token'));
      expect(dataAt(response, 'createToken', 'message')).toBeNull();
      const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
      expect(claims).toMatchObject({ username: 'admin', roles: ['ROLE_USER'], sub: '14' });
      expect(claims.exp - claims.iat).toBe(3600);
      const created = await gql(t.app, 'mutation { createFolder(languageCode: "eng-GB", parentLocationId: 2, input: { name: "Via JWT" }) { name _info { ownerId } } }', {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(dataAt(created, 'createFolder')).toEqual({ name: 'Via JWT', _info: { ownerId: 14 } });
    });

    it('answers payload messages, not errors, for wrong or missing credentials', async () => {
      const wrong = await gql(t.app, 'mutation { createToken(username: "admin", password: "nope") { token message } }');
      expect(wrong.body).toEqual({ data: { createToken: { token: null, message: 'Wrong username or password' } } });
      const missing = await gql(t.app, 'mutation { createToken(username: "", password: "") { token message } }');
      expect(dataAt(missing, 'createToken')).toEqual({ token: null, message: 'Missing username or password' });
    });
  });
});
