import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CREATE_IMAGE } from '../testing/document-examples.js';
import { createGraphQLTestApp, type GraphQLTestApp } from '../testing/test-app.js';
import { ADMIN_BASIC, dataAt, gql, upload } from './helpers.js';

const admin = { headers: { Authorization: ADMIN_BASIC } };

describe('field type mappers through the endpoint', () => {
  let t: GraphQLTestApp;
  beforeAll(async () => {
    t = await createGraphQLTestApp();
  });
  afterAll(async () => {
    await t.graphql.stop();
  });

  it('gives an item the first thumbnail image field as _thumbnail', async () => {
    const created = await upload(t.app, CREATE_IMAGE, admin);
    const contentId = Number(dataAt(created, 'createImage', '_info', 'id'));
    const response = await gql(t.app, `{ item(contentId: ${contentId}) { _thumbnail { uri width height alternativeText mimeType } } }`, admin);
    expect(dataAt(response, 'item', '_thumbnail')).toEqual({
      uri: expect.stringMatching(/\.png$/),
      width: 1,
      height: 1,
      alternativeText: 'The alternative text',
      mimeType: 'image/png',
    });
  });
});
