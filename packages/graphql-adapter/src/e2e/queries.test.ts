import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CREATE_IMAGE } from '../testing/document-examples.js';
import { createGraphQLTestApp, type GraphQLTestApp } from '../testing/graphql-test-app.js';
import { ADMIN_BASIC, dataAt, errorCodes, errorMessages, gql, upload } from './helpers.js';

const admin = { headers: { Authorization: ADMIN_BASIC } };
const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
const cursor = (offset: number): string => base64(`arrayconnection:${offset}`);

describe('queries', () => {
  let t: GraphQLTestApp;
  const folders: { name: string; contentId: number; locationId: number }[] = [];
  let parentLocationId = 0;
  beforeAll(async () => {
    t = await createGraphQLTestApp();
    const parent = await gql(t.app, 'mutation { createFolder(language: eng_GB, parentLocationId: 2, input: { name: "Listing" }) { _location { id } } }', admin);
    parentLocationId = Number(dataAt(parent, 'createFolder', '_location', 'id'));
    for (const name of ['Charlie', 'alpha', 'Bravo', 'Delta', 'Echo']) {
      const created = await gql(
        t.app,
        `mutation { createFolder(language: eng_GB, parentLocationId: ${parentLocationId}, input: { name: "${name}", shortName: "${name.toLowerCase()}" }) { contentId _location { id } } }`,
        admin,
      );
      folders.push({ name, contentId: Number(dataAt(created, 'createFolder', 'contentId')), locationId: Number(dataAt(created, 'createFolder', '_location', 'id')) });
    }
  });
  afterAll(async () => {
    await t.graphql.stop();
  });

  describe('items', () => {
    it('loads an item by contentId, remoteId, locationId, locationRemoteId and global id (node)', async () => {
      const selection = '{ contentId _location { id } _name }';
      const lookups = [
        'item(contentId: 1)',
        'item(remoteId: "9459d3c29e15006e45197295722c7ade")',
        'item(locationId: 2)',
        'item(locationRemoteId: "f3e90596361e31d496d4026eb624c983")',
        // Remote ids are case-insensitive, as on Ibexa's MySQL.
        'item(remoteId: "9459D3C29E15006E45197295722C7ADE")',
        'item(locationRemoteId: "F3E90596361E31D496D4026EB624C983")',
        `item(id: "${base64('DomainContent:1')}")`,
        `node(id: "${base64('DomainContent:1')}")`,
      ];
      for (const lookup of lookups) {
        const response = await gql(t.app, `{ result: ${lookup} { ... on Item ${selection} } }`);
        expect(response.body).toEqual({ data: { result: { contentId: 1, _location: { id: 2 }, _name: 'Ibexa Platform' } } });
      }
    });

    it('loads items and locations by URL alias (item, _repository.location), history paths included; unknown paths are NOT_FOUND', async () => {
      // The folder's name (and so its alias) is its short name (name schema `<short_name|name>`).
      const item = await gql(t.app, '{ item(urlAlias: "/LISTING/Bravo") { contentId _location { id } _url } }', admin);
      const bravo = folders.find((folder) => folder.name === 'Bravo');
      expect(dataAt(item, 'item')).toEqual({ contentId: bravo?.contentId, _location: { id: bravo?.locationId }, _url: '/Listing/bravo' });
      const media = await gql(t.app, '{ _repository { location(urlAlias: "/Media/Images") { id pathString } } }', admin);
      expect(dataAt(media, '_repository', 'location')).toEqual({ id: 51, pathString: '/1/43/51/' });
      const history = await gql(t.app, '{ item(urlAlias: "/Users/guest_accounts") { contentId } }', admin);
      expect(dataAt(history, 'item')).toEqual({ contentId: 11 });
      const unknown = await gql(t.app, '{ item(urlAlias: "/no/such/page") { contentId } }', admin);
      expect(errorCodes(unknown)).toEqual(['NOT_FOUND']);
    });

    it('keeps the location an item was loaded through as _location', async () => {
      const created = await upload(t.app, CREATE_IMAGE, admin);
      const contentId = Number(dataAt(created, 'createImage', '_info', 'id'));
      const mainLocationId = Number(dataAt(created, 'createImage', '_info', 'mainLocationId'));
      const response = await gql(t.app, `{ item(locationId: ${mainLocationId}) { contentId _location { id pathString parentLocation { id } } _url } }`, admin);
      expect(dataAt(response, 'item')).toEqual({
        contentId,
        _location: { id: mainLocationId, pathString: `/1/43/51/${mainLocationId}/`, parentLocation: { id: 51 } },
        _url: '/Media/Images/An-image-created-over-GraphQL',
      });
    });

    it('resolves group lookups with a type check and typed fields with a language argument', async () => {
      const response = await gql(t.app, '{ content { folder(contentId: 1) { name(language: eng_GB) shortName description { plaintext } _thumbnail { uri } } } }');
      expect(dataAt(response, 'content', 'folder')).toEqual({
        name: 'Ibexa Platform',
        shortName: null,
        description: { plaintext: 'You are now ready to start your project.' },
        _thumbnail: null,
      });
      const mismatch = await gql(t.app, '{ media { image(contentId: 1) { name } } }');
      expect(errorMessages(mismatch)).toEqual(["Content 1 is not of type 'image'"]);
      const missing = await gql(t.app, '{ item { _name } }');
      expect(errorMessages(missing)).toEqual(['Missing required argument contentId, remoteId, locationId or locationRemoteId']);
    });

    it('answers NOT_FOUND and UNAUTHORIZED for unknown and unreadable items', async () => {
      expect(errorCodes(await gql(t.app, '{ item(contentId: 99999) { _name } }'))).toEqual(['NOT_FOUND']);
      expect(errorCodes(await gql(t.app, '{ item(locationId: 5) { _name } }'))).toEqual(['UNAUTHORIZED']);
    });

    it('exposes ContentInfo, versions, dates, owner and content type metadata', async () => {
      const response = await gql(
        t.app,
        `{ item(contentId: 1) {
            _info { id name remoteId mainLanguageCode alwaysAvailable published ownerId owner { login } currentVersion { versionNumber languageCodes }
              modificationDate { timestamp iso: format(constant: atom) year: format(pattern: "Y") none: format } }
            _type { identifier name isContainer fieldDefinitions { identifier fieldTypeIdentifier } }
          }
          content { _info { identifier } _types { folder { _info { identifier } name { identifier isRequired constraints { maxLength } defaultValue } } } }
        }`,
        admin,
      );
      expect(response.body.errors).toBeUndefined();
      expect(dataAt(response, 'item', '_info')).toMatchObject({
        id: 1,
        name: 'Ibexa Platform',
        mainLanguageCode: 'eng-GB',
        published: true,
        ownerId: 14,
        owner: { login: 'admin' },
        currentVersion: { versionNumber: 9, languageCodes: ['eng-GB'] },
        modificationDate: { timestamp: expect.any(Number), iso: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/), none: null },
      });
      expect(dataAt(response, 'item', '_type')).toMatchObject({ identifier: 'folder', name: 'Folder', isContainer: true });
      expect(dataAt(response, 'content')).toEqual({
        _info: { identifier: 'Content' },
        _types: { folder: { _info: { identifier: 'folder' }, name: { identifier: 'name', isRequired: true, constraints: { maxLength: 255 }, defaultValue: 'Folder' } } },
      });
    });
  });

  describe('lists', () => {
    it('lists items of a type filtered by parent, sorted by name, with Relay paging', async () => {
      const query = (args: string) =>
        `{ content { folders(query: { ParentLocationId: [${parentLocationId}] }, sortBy: [_name], ${args}) {
            totalCount sliceSize edges { cursor node { name } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`;
      const first = await gql(t.app, query('first: 2'), admin);
      expect(dataAt(first, 'content', 'folders')).toEqual({
        totalCount: 5,
        sliceSize: 2,
        edges: [
          { cursor: cursor(0), node: { name: 'alpha' } },
          { cursor: cursor(1), node: { name: 'Bravo' } },
        ],
        pageInfo: { hasNextPage: true, hasPreviousPage: false, startCursor: cursor(0), endCursor: cursor(1) },
      });
      const next = await gql(t.app, query(`first: 2, after: "${cursor(1)}"`), admin);
      expect(dataAt(next, 'content', 'folders', 'edges')).toEqual([
        { cursor: cursor(2), node: { name: 'Charlie' } },
        { cursor: cursor(3), node: { name: 'Delta' } },
      ]);
      const last = await gql(t.app, query('last: 2'), admin);
      expect(dataAt(last, 'content', 'folders')).toMatchObject({
        edges: [
          { cursor: cursor(3), node: { name: 'Delta' } },
          { cursor: cursor(4), node: { name: 'Echo' } },
        ],
        pageInfo: { hasNextPage: false, hasPreviousPage: true },
      });
      const descending = await gql(t.app, query('first: 1, sortBy: [_name, _desc]').replace('sortBy: [_name], ', ''), admin);
      expect(dataAt(descending, 'content', 'folders', 'edges')).toEqual([{ cursor: cursor(0), node: { name: 'Echo' } }]);
    });

    it('filters on fields, dates and full text, and leaves out what the user may not read', async () => {
      const field = await gql(
        t.app,
        `{ content { folders(query: { Field: { target: "short_name", in: ["bravo", "delta"] } }, sortBy: [_contentId]) { edges { node { name } } } } }`,
        admin,
      );
      expect(dataAt(field, 'content', 'folders', 'edges')).toEqual([{ node: { name: 'Bravo' } }, { node: { name: 'Delta' } }]);
      const created = await gql(
        t.app,
        `{ content { folders(query: { ParentLocationId: [${parentLocationId}], Created: { after: "-1 day" }, Modified: { before: "tomorrow" } }) { totalCount } } }`,
        admin,
      );
      expect(dataAt(created, 'content', 'folders', 'totalCount')).toBe(5);
      const text = await gql(t.app, `{ content { folders(query: { Text: "bravo", ParentLocationId: [${parentLocationId}] }) { edges { node { name } } } } }`, admin);
      expect(dataAt(text, 'content', 'folders', 'edges')).toEqual([{ node: { name: 'Bravo' } }]);
      const anonymousUsers = await gql(t.app, '{ users { userGroups { totalCount } } }');
      expect(dataAt(anonymousUsers, 'users', 'userGroups', 'totalCount')).toBe(0);
      const adminUsers = await gql(t.app, '{ users { userGroups { totalCount } } }', admin);
      expect(dataAt(adminUsers, 'users', 'userGroups', 'totalCount')).toBe(5);
    });

    it('pages location children with pages cursors and sortBy', async () => {
      const response = await gql(
        t.app,
        `{ _repository { location(locationId: ${parentLocationId}) { children(first: 2) { totalCount pages { number cursor } edges { node { content { _name } } } } } } }`,
        admin,
      );
      expect(dataAt(response, '_repository', 'location', 'children')).toEqual({
        totalCount: 5,
        pages: [
          { number: 2, cursor: cursor(1) },
          { number: 3, cursor: cursor(3) },
        ],
        edges: [{ node: { content: { _name: 'charlie' } } }, { node: { content: { _name: 'alpha' } } }],
      });
      const sorted = await gql(
        t.app,
        `{ item(locationId: ${parentLocationId}) { _location { children(sortBy: [_locationId, _desc], first: 1) { edges { node { id } } } } } }`,
        admin,
      );
      expect(dataAt(sorted, 'item', '_location', 'children', 'edges')).toEqual([{ node: { id: folders.at(-1)?.locationId } }]);
    });

    it('refuses sort options this server cannot sort by and malformed cursors', async () => {
      const unsupported = await gql(t.app, `{ item(locationId: 2) { _location { children(sortBy: [_visibility]) { totalCount } } } }`);
      expect(errorMessages(unsupported)).toEqual(['Sorting by _visibility is not supported']);
      const badCursor = await gql(t.app, '{ content { folders(after: "nope") { totalCount } } }');
      expect(errorCodes(badCursor)).toEqual(['BAD_USER_INPUT']);
    });
  });

  describe('repository', () => {
    it('lists content types, groups, sections and languages', async () => {
      const response = await gql(
        t.app,
        `{ _repository {
            contentTypes(groupIdentifier: "Media") { identifier }
            contentType(identifier: "file") { id fieldDefinitions { identifier } }
            contentTypeGroups { identifier }
            sections { identifier name }
            section(id: 3) { identifier }
            languages { languageCode }
          } }`,
        admin,
      );
      expect(response.body.data).toEqual({
        _repository: {
          contentTypes: [{ identifier: 'image' }, { identifier: 'file' }],
          contentType: { id: 12, fieldDefinitions: [{ identifier: 'name' }, { identifier: 'description' }, { identifier: 'file' }] },
          contentTypeGroups: [{ identifier: 'Content' }, { identifier: 'Users' }, { identifier: 'Media' }],
          sections: [
            { identifier: 'standard', name: 'Standard' },
            { identifier: 'users', name: 'Users' },
            { identifier: 'media', name: 'Media' },
          ],
          section: { identifier: 'media' },
          languages: [{ languageCode: 'eng-GB' }, { languageCode: 'pol-PL' }],
        },
      });
    });

    it('answers introspection (the generated types are visible to clients)', async () => {
      const response = await gql(t.app, '{ __type(name: "ImageItemCreateInput") { inputFields { name type { kind name ofType { name } } } } }');
      expect(dataAt(response, '__type', 'inputFields')).toEqual([
        { name: 'name', type: { kind: 'NON_NULL', name: null, ofType: { name: 'String' } } },
        { name: 'caption', type: { kind: 'INPUT_OBJECT', name: 'RichTextFieldInput', ofType: null } },
        { name: 'image', type: { kind: 'INPUT_OBJECT', name: 'ImageFieldInput', ofType: null } },
      ]);
    });
  });
});
