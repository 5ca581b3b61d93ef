import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createGraphQLTestApp, type GraphQLTestApp } from '../testing/graphql-test-app.js';
import { ADMIN_BASIC, dataAt, errorCodes, gql } from './helpers.js';

const admin = { headers: { Authorization: ADMIN_BASIC } };

/**
 * The schema follows content type changes without a restart (Ibexa needs `ibexa:graphql:generate-schema` to be run
 * again), driven through core's ContentTypeService (create a type, add a field, delete the type).
 */
describe('schema regeneration after content type changes', () => {
  let t: GraphQLTestApp;
  beforeAll(async () => {
    t = await createGraphQLTestApp({ schemaCheckIntervalMs: 0 });
  });
  afterAll(async () => {
    await t.graphql.stop();
  });

  it('serves a new type, then its new field, and drops it when it is deleted', async () => {
    const service = t.repo.admin.contentTypeService;
    const before = await gql(t.app, 'mutation { createBlogPost(languageCode: "eng-GB", parentLocationId: 2, input: { title: "x" }) { id } }', admin);
    expect(errorCodes(before)).toEqual(['GRAPHQL_VALIDATION_FAILED']);

    const draft = await service.createContentType(
      {
        identifier: 'blog_post',
        mainLanguageCode: 'eng-GB',
        names: { 'eng-GB': 'Blog post' },
        nameSchema: '<title>',
        fieldDefinitions: [{ identifier: 'title', fieldTypeIdentifier: 'ezstring', names: { 'eng-GB': 'Title' }, isRequired: true, position: 1 }],
      },
      [1],
    );
    const published = await service.publishContentTypeDraft(draft.id);
    const created = await gql(
      t.app,
      'mutation { createBlogPost(languageCode: "eng-GB", parentLocationId: 2, input: { title: "First post" }) { contentId title _type { identifier } } }',
      admin,
    );
    expect(dataAt(created, 'createBlogPost')).toMatchObject({ title: 'First post', _type: { identifier: 'blog_post' } });
    const contentId = Number(dataAt(created, 'createBlogPost', 'contentId'));
    const listed = await gql(t.app, '{ content { blogPosts { edges { node { title } } } } }', admin);
    expect(dataAt(listed, 'content', 'blogPosts', 'edges')).toEqual([{ node: { title: 'First post' } }]);

    await service.createContentTypeDraft(published.id);
    await service.addFieldDefinition(published.id, { identifier: 'summary', fieldTypeIdentifier: 'eztext', names: { 'eng-GB': 'Summary' }, position: 2 });
    await service.publishContentTypeDraft(published.id);
    const updated = await gql(
      t.app,
      `mutation { updateBlogPost(languageCode: "eng-GB", contentId: ${contentId}, input: { summary: "Now with a summary" }) { title summary } }`,
      admin,
    );
    expect(dataAt(updated, 'updateBlogPost')).toEqual({ title: 'First post', summary: 'Now with a summary' });

    await t.repo.admin.contentService.deleteContent(contentId);
    await service.deleteContentType(published.id);
    const after = await gql(t.app, '{ content { blogPosts { totalCount } } }', admin);
    expect(errorCodes(after)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });
});
