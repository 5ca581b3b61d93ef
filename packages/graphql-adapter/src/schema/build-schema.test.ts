import { describe, expect, it } from '@jest/globals';
import {
  assertValidSchema,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInterfaceType,
  GraphQLObjectType,
  isNonNullType,
  parse,
  validate,
} from 'graphql';
import { buildSchema } from './build-schema.js';
import { nameField, testContentType, testField, testGroup, testModel } from '../testing/model-builders.js';

const build = (model: Parameters<typeof buildSchema>[0]) => {
  const warnings: string[] = [];
  const schema = buildSchema(model, { warn: (message) => warnings.push(message) });
  assertValidSchema(schema);
  return { schema, warnings };
};

const objectType = (schema: ReturnType<typeof buildSchema>, name: string): GraphQLObjectType => {
  const type = schema.getType(name);
  if (!(type instanceof GraphQLObjectType)) throw new Error(`${name} is not an object type`);
  return type;
};

describe("buildSchema (Ibexa's domain schema generation)", () => {
  const article = testContentType(2, 'blog_post', [
    nameField(),
    testField('body', 'ezrichtext'),
    testField('id', 'ezinteger'),
    testField('related', 'ezobjectrelation', { fieldSettings: { selectionContentTypes: ['blog_post'] } }),
    testField('tags', 'ezselection', { fieldSettings: { isMultiple: true, options: { 0: 'a' } } }),
  ]);

  it('generates the item, 3.x content, item type, connection and input types of each content type', () => {
    const { schema } = build(testModel([article]));
    const item = objectType(schema, 'BlogPostItem');
    expect(item.getInterfaces().map((type) => type.name)).toEqual(['Item', 'Node']);
    expect(Object.keys(item.getFields())).toEqual([
      'id', 'contentId', '_info', '_contentInfo', '_content', '_type', '_location', '_allLocations', '_name', '_url', '_thumbnail',
      'name', 'body', 'id_', 'related', 'tags',
    ]);
    expect(String(item.getFields()['related']?.type)).toBe('BlogPostItem');
    expect(String(item.getFields()['tags']?.type)).toBe('[String]');
    expect(item.getFields()['name']?.args.map((arg) => `${arg.name}: ${String(arg.type)}`)).toEqual(['language: RepositoryLanguage']);
    expect(objectType(schema, 'BlogPostContent').getInterfaces().map((type) => type.name)).toEqual(['DomainContent', 'Node']);
    expect(String(objectType(schema, 'BlogPostItemType').getFields()['name']?.type)).toBe('TextLineFieldDefinition');
    expect(Object.keys(objectType(schema, 'BlogPostItemConnection').getFields())).toEqual(['edges', 'pageInfo', 'sliceSize', 'orderBy', 'totalCount']);
    const create = schema.getType('BlogPostItemCreateInput');
    const update = schema.getType('BlogPostItemUpdateInput');
    if (!(create instanceof GraphQLInputObjectType) || !(update instanceof GraphQLInputObjectType)) throw new Error('no inputs');
    expect(isNonNullType(create.getFields()['name']?.type)).toBe(true);
    expect(isNonNullType(update.getFields()['name']?.type)).toBe(false);
    expect(String(create.getFields()['tags']?.type)).toBe('[Int]');
  });

  it('adds the group, its _types and the singular/plural fields to the Domain root', () => {
    const { schema } = build(testModel([article]));
    expect(schema.getQueryType()?.name).toBe('Domain');
    expect(Object.keys(schema.getQueryType()?.getFields() ?? {})).toEqual(['content', '_repository', 'node', 'item']);
    expect(Object.keys(objectType(schema, 'ItemGroupContent').getFields())).toEqual(['_info', '_types', 'blogPost', 'blogPosts']);
    expect(Object.keys(objectType(schema, 'ItemGroupContentTypes').getFields())).toEqual(['blogPost']);
    const mutation = schema.getMutationType();
    expect(mutation?.name).toBe('ItemMutation');
    expect(Object.keys(mutation?.getFields() ?? {})).toEqual(['deleteContent', 'uploadFiles', 'createToken', 'createBlogPost', 'updateBlogPost']);
  });

  it('generates the ContentTypeIdentifier, RepositoryLanguage and ImageVariationIdentifier enums', () => {
    const { schema } = build(testModel([article]));
    const values = (name: string) => {
      const type = schema.getType(name);
      if (!(type instanceof GraphQLEnumType)) throw new Error(`${name} is not an enum`);
      return type.getValues().map((value) => [value.name, value.value]);
    };
    expect(values('ContentTypeIdentifier')).toEqual([['blog_post', 'blog_post']]);
    expect(values('RepositoryLanguage')).toEqual([
      ['eng_GB', 'eng-GB'],
      ['pol_PL', 'pol-PL'],
    ]);
    expect(values('ImageVariationIdentifier')).toEqual([
      ['large', 'large'],
      ['small', 'small'],
    ]);
  });

  it('accepts languages as enum values and as code strings', () => {
    const { schema } = build(testModel([article]));
    for (const language of ['eng_GB', '"eng-GB"', '"pol_PL"']) {
      const document = parse(`mutation { createBlogPost(language: ${language}, parentLocationId: 2, input: { name: "x" }) { id } }`);
      expect(validate(schema, document)).toEqual([]);
    }
    const unknown = parse('mutation { createBlogPost(language: "ger-DE", parentLocationId: 2, input: { name: "x" }) { id } }');
    expect(validate(schema, unknown)).toHaveLength(1);
  });

  it('skips invalid identifiers with Ibexa\'s warning, empty groups, and name collisions (first wins)', () => {
    const { schema, warnings } = build(
      testModel(
        [
          testContentType(1, 'folder', [nameField(), testField('1st', 'ezstring'), testField('short_name', 'ezstring'), testField('shortName', 'ezstring')]),
          testContentType(2, '2nd_type', [nameField()]),
          testContentType(3, 'Folder', [nameField()]),
        ],
        { groups: [testGroup(1, 'Content'), testGroup(2, 'Empty group')] },
      ),
    );
    expect(warnings).toEqual([
      expect.stringContaining("content type with identifier '2nd_type'"),
      "Skipping content type 'Folder': its GraphQL names are already used by another content type",
      expect.stringContaining("field definition with identifier 'folder/1st'"),
      "Skipping field definition 'folder/shortName': field 'shortName' already exists",
    ]);
    expect(Object.keys(objectType(schema, 'FolderItem').getFields()).slice(-2)).toEqual(['name', 'shortName']);
    expect(schema.getType('ItemGroupEmptyGroup')).toBeUndefined();
  });

  it('always declares ImageContent, FileContent and VideoContent so the documented fragments validate', () => {
    const { schema } = build(testModel([article]));
    for (const name of ['ImageContent', 'FileContent', 'VideoContent']) {
      expect(objectType(schema, name).getInterfaces().map((type) => type.name)).toEqual(['DomainContent', 'Node']);
    }
    const domainContent = schema.getType('DomainContent');
    if (!(domainContent instanceof GraphQLInterfaceType)) throw new Error('no DomainContent');
    const document = parse(
      'mutation($files: [FileUpload]!) { uploadFiles(locationId: 51, files: $files, languageCode: "eng-GB") { files { _url _location { id } ... on ImageContent { name image { uri } } ... on FileContent { name file { uri } } ... on VideoContent { name file { uri } } } warnings } }',
    );
    expect(validate(schema, document)).toEqual([]);
  });

  it('builds a valid schema without any content type', () => {
    const { schema } = build(testModel([]));
    expect(schema.getType('ContentTypeIdentifier')).toBeUndefined();
    expect(Object.keys(schema.getMutationType()?.getFields() ?? {})).toEqual(['deleteContent', 'uploadFiles', 'createToken']);
  });
});
