import { builtInFieldTypes, createFieldTypeRegistry, createRepository, installCleanRepository, integerFieldType, type Repository } from '@contentrepo/core';
import { createInMemoryBinaryStorage, createInMemoryPersistence, createPlainTextPasswordHasher } from '@contentrepo/core/testing';
import { createHttpAuth } from '@contentrepo/http-auth';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express, { type Express } from 'express';
import { printSchema } from 'graphql';
import { defaultFieldTypeMapper, type FieldTypeMapper } from '../field-types/index.js';
import { createGraphQLMiddleware, type GraphQLMiddleware } from '../middleware.js';
import { CREATE_IMAGE } from '../testing/document-examples.js';
import { createGraphQLTestApp, type GraphQLTestApp } from '../testing/graphql-test-app.js';
import { ADMIN_BASIC, dataAt, errorCodes, gql, upload } from './helpers.js';

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

/** A field type of a user's own: a rating stored like an integer, under its own identifier. */
const ratingFieldType = { ...integerFieldType, identifier: 'acme_rating', aliases: [] };

/** Its GraphQL mapper, as a user passes it to `createGraphQLMiddleware`: stars (`★★★★`), set from an `Int`. */
const ratingMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'acme_rating',
  valueType: 'String',
  definitionType: 'FieldDefinition',
  inputType: 'Int',
  resolve: ({ hash }) => (typeof hash === 'number' ? '★'.repeat(hash) : null),
  toInput: (input) => input,
};

/** An app over a clean install whose field types include the rating, with a `review` content type using it. */
async function appWithRatings(fieldTypeMappers: readonly FieldTypeMapper[]): Promise<{ app: Express; graphql: GraphQLMiddleware }> {
  const { persistence, seedImporter, sessions } = createInMemoryPersistence();
  const passwordHasher = createPlainTextPasswordHasher();
  const fieldTypes = createFieldTypeRegistry([...builtInFieldTypes, ratingFieldType]);
  await installCleanRepository({ persistence, seedImporter, fieldTypes, passwordHasher });
  const repository: Repository = createRepository({ persistence, storage: createInMemoryBinaryStorage(), passwordHasher, fieldTypes, permissionCacheTtlMs: 0 });
  const types = repository.forUser({ userId: 14 }).contentTypeService;
  const draft = await types.createContentType(
    {
      identifier: 'review',
      mainLanguageCode: 'eng-GB',
      names: { 'eng-GB': 'Review' },
      nameSchema: '<title>',
      fieldDefinitions: [
        { identifier: 'title', fieldTypeIdentifier: 'ezstring', names: { 'eng-GB': 'Title' }, isRequired: true, position: 1 },
        { identifier: 'rating', fieldTypeIdentifier: 'acme_rating', names: { 'eng-GB': 'Rating' }, position: 2 },
      ],
    },
    [1],
  );
  await types.publishContentTypeDraft(draft.id);
  const auth = createHttpAuth({ repository, sessions, basicAuth: true });
  const graphql = await createGraphQLMiddleware({ repository, auth, schemaCheckIntervalMs: 0, fieldTypeMappers });
  const app = express();
  app.use('/graphql', graphql);
  return { app, graphql };
}

describe('a field type of your own', () => {
  const CREATE = (rating: string) => `mutation { createReview(languageCode: "eng-GB", parentLocationId: 2, input: { title: "Good", rating: ${rating} }) { rating } }`;

  it('takes the GraphQL form of the mapper passed to createGraphQLMiddleware', async () => {
    const { app, graphql } = await appWithRatings([ratingMapper]);
    try {
      expect(printSchema(graphql.currentSchema())).toMatch(/input ReviewItemCreateInput \{[^}]*rating: Int\n/);
      expect(dataAt(await gql(app, CREATE('4'), admin), 'createReview')).toEqual({ rating: '★★★★' });
      expect(errorCodes(await gql(app, CREATE('"4"'), admin))).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    } finally {
      await graphql.stop();
    }
  });

  it('is a String set from a String without a mapper (the default form)', async () => {
    const { app, graphql } = await appWithRatings([]);
    try {
      expect(printSchema(graphql.currentSchema())).toMatch(/input ReviewItemCreateInput \{[^}]*rating: String\n/);
      expect(dataAt(await gql(app, CREATE('"4"'), admin), 'createReview')).toEqual({ rating: '4' });
    } finally {
      await graphql.stop();
    }
  });

  it('cannot replace the form of a built-in field type', async () => {
    await expect(appWithRatings([{ ...defaultFieldTypeMapper('ezstring') }])).rejects.toThrow("A GraphQL mapper of field type 'ezstring' is registered twice");
  });
});
