import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChangeEvent, ChangeFeed, ChangeListener } from '@contentrepo/core';
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

describe('schema regeneration announced by a change feed (content types changed on another node)', () => {
  const listeners = new Set<ChangeListener>();
  const changes: ChangeFeed = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const announce = (event: ChangeEvent): void => listeners.forEach((listener) => listener(event));
  let t: GraphQLTestApp;
  beforeAll(async () => {
    t = await createGraphQLTestApp({ changes, schemaCheckIntervalMs: 60_000 });
  });
  afterAll(async () => {
    await t.graphql.stop();
  });

  it('regenerates as soon as a content type change is announced (and not before, within the fallback interval)', async () => {
    await gql(t.app, '{ __typename }', admin);
    const draft = await t.repo.admin.contentTypeService.createContentType(
      {
        identifier: 'news_flash',
        mainLanguageCode: 'eng-GB',
        names: { 'eng-GB': 'News flash' },
        nameSchema: '<title>',
        fieldDefinitions: [{ identifier: 'title', fieldTypeIdentifier: 'ezstring', names: { 'eng-GB': 'Title' }, position: 1 }],
      },
      [1],
    );
    await t.repo.admin.contentTypeService.publishContentTypeDraft(draft.id);
    await gql(t.app, '{ __typename }', admin);
    announce({ kind: 'section', id: 1 });
    await gql(t.app, '{ __typename }', admin);
    expect(t.graphql.currentSchema().getType('NewsFlashItem')).toBeUndefined();

    announce({ kind: 'contentType', id: draft.id });
    // Regenerated at once, without waiting for a request.
    const deadline = Date.now() + 2000;
    while (t.graphql.currentSchema().getType('NewsFlashItem') === undefined && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(t.graphql.currentSchema().getType('NewsFlashItem')).toBeDefined();
  });

  it('stops following the feed when stopped', async () => {
    const other = await createGraphQLTestApp({ changes, schemaCheckIntervalMs: 60_000 });
    const before = listeners.size;
    await other.graphql.stop();
    expect(listeners.size).toBe(before - 1);
  });
});
