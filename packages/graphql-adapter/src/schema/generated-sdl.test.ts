import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestRepository } from '@contentrepo/core/testing';
import { describe, expect, it } from '@jest/globals';
import { printSchema } from 'graphql';
import { DEFAULT_IMAGE_VARIATIONS } from '../middleware.js';
import { nameField, testContentType, testField, testModel } from '../testing/model-builders.js';
import { buildSchema } from './build-schema.js';
import { loadSchemaModel, type SchemaModel } from './model.js';

/**
 * Pins the generated schema byte for byte (the printed SDL), so that a refactoring of the generator cannot change
 * what clients see unnoticed. After an intended change, rewrite the files with
 * `UPDATE_SDL_FIXTURES=1 npx jest packages/graphql-adapter/src/schema/generated-sdl.test.ts` and review the diff.
 */
const FIXTURES = join(__dirname, 'sdl-fixtures');

function expectPinned(fileName: string, model: SchemaModel): void {
  const sdl = `${printSchema(buildSchema(model))}\n`;
  const path = join(FIXTURES, fileName);
  if (process.env['UPDATE_SDL_FIXTURES'] === '1') writeFileSync(path, sdl);
  expect(sdl).toBe(readFileSync(path, 'utf8'));
}

/** One field of every core field type, with the settings that change the mapping, and a type core does not ship. */
const everyFieldType = testContentType(3, 'every_field', [
  nameField(),
  testField('line', 'ezstring', { descriptions: { 'eng-GB': 'A text line' } }),
  testField('block', 'eztext', { isTranslatable: false }),
  testField('rich', 'ezrichtext', { isRequired: true }),
  testField('count', 'ezinteger'),
  testField('ratio', 'ezfloat'),
  testField('flag', 'ezboolean'),
  testField('day', 'ezdate'),
  testField('moment', 'ezdatetime'),
  testField('clock', 'eztime'),
  testField('mail', 'ezemail'),
  testField('isbn', 'ezisbn'),
  testField('tags', 'ezkeyword'),
  testField('country', 'ezcountry'),
  testField('link', 'ezurl'),
  testField('place', 'ezgmaplocation'),
  testField('authors', 'ezauthor'),
  testField('colour', 'ezselection', { fieldSettings: { isMultiple: false, options: { 0: 'Red' } } }),
  testField('colours', 'ezselection', { fieldSettings: { isMultiple: true, options: { 0: 'Red' } } }),
  testField('any_relation', 'ezobjectrelation'),
  testField('post_relation', 'ezobjectrelation', { fieldSettings: { selectionContentTypes: ['blog_post'] } }),
  testField('mixed_relation', 'ezobjectrelation', { fieldSettings: { selectionContentTypes: ['blog_post', 'every_field'] } }),
  testField('relations', 'ezobjectrelationlist'),
  testField('post_relations', 'ezobjectrelationlist', { fieldSettings: { selectionContentTypes: ['blog_post'] } }),
  testField('one_relation', 'ezobjectrelationlist', { validatorConfiguration: { RelationListValueValidator: { selectionLimit: 1 } } }),
  testField('one_post', 'ezobjectrelationlist', {
    fieldSettings: { selectionContentTypes: ['blog_post'] },
    validatorConfiguration: { RelationListValueValidator: { selectionLimit: 1 } },
  }),
  testField('image', 'ezimage', { isThumbnail: true }),
  testField('file', 'ezbinaryfile'),
  testField('account', 'ezuser'),
  testField('visual', 'ezimageasset'),
  testField('clip', 'ezmedia'),
  testField('table', 'ezmatrix'),
  testField('price', 'ezprice'),
]);

/** The blog post of the builder's unit tests. */
const blogPost = testContentType(2, 'blog_post', [
  nameField(),
  testField('body', 'ezrichtext'),
  testField('id', 'ezinteger'),
  testField('related', 'ezobjectrelation', { fieldSettings: { selectionContentTypes: ['blog_post'] } }),
  testField('tags', 'ezselection', { fieldSettings: { isMultiple: true, options: { 0: 'a' } } }),
]);

describe('generated SDL (pinned)', () => {
  it('is unchanged for the clean-install content types', async () => {
    const { admin } = await createTestRepository({ languages: ['pol-PL'] });
    expectPinned('clean-install.graphql', await loadSchemaModel(admin, DEFAULT_IMAGE_VARIATIONS));
  });

  it('is unchanged for a model with every field type and the settings that change its mapping', () => {
    expectPinned('every-field-type.graphql', testModel([blogPost, everyFieldType]));
  });
});
