import { describe, expect, it } from '@jest/globals';
import {
  contentTypeNames,
  fieldDefinitionFieldName,
  groupNames,
  invalidNameWarning,
  isValidName,
  languageEnumName,
  lowerCamel,
  toCamelCase,
  upperCamel,
} from './naming.js';

describe("naming (Ibexa's name validation and naming rules)", () => {
  it.each([
    ['blog_post', 'BlogPost', 'blogPost'],
    ['field_1', 'Field1', 'field1'],
    ['folder', 'Folder', 'folder'],
    ['landing_page', 'LandingPage', 'landingPage'],
    ['short__description', 'ShortDescription', 'shortDescription'],
    ['alreadyCamel', 'AlreadyCamel', 'alreadyCamel'],
    ['_private', 'Private', 'private'],
  ])('%s → %s / %s', (identifier, upper, lower) => {
    expect(upperCamel(identifier)).toBe(upper);
    expect(lowerCamel(identifier)).toBe(lower);
  });

  it('keeps Symfony\'s treatment of dots and trailing underscores', () => {
    expect(toCamelCase('a.b')).toBe('A_B');
    expect(toCamelCase('trailing_')).toBe('Trailing_');
  });

  it('names every generated element of a content type as Ibexa 4.x does', () => {
    expect(contentTypeNames('folder')).toEqual({
      item: 'FolderItem',
      content: 'FolderContent',
      connection: 'FolderItemConnection',
      edge: 'FolderItemEdge',
      createInput: 'FolderItemCreateInput',
      updateInput: 'FolderItemUpdateInput',
      itemType: 'FolderItemType',
      field: 'folder',
      pluralField: 'folders',
      createMutation: 'createFolder',
      updateMutation: 'updateFolder',
    });
    expect(contentTypeNames('video').pluralField).toBe('videoes');
    expect(contentTypeNames('blog_post').createMutation).toBe('createBlogPost');
  });

  it('sanitises group identifiers before naming them', () => {
    expect(groupNames('Content')).toEqual({ type: 'ItemGroupContent', typesType: 'ItemGroupContentTypes', field: 'content' });
    expect(groupNames('Name with-hyphen')).toEqual({
      type: 'ItemGroupNameWithHyphen',
      typesType: 'ItemGroupNameWithHyphenTypes',
      field: 'nameWithHyphen',
    });
  });

  it('renames fields that would hide the common item fields', () => {
    expect(fieldDefinitionFieldName('id')).toBe('id_');
    expect(fieldDefinitionFieldName('content_id')).toBe('contentId_');
    expect(fieldDefinitionFieldName('short_description')).toBe('shortDescription');
  });

  it('validates names against the GraphQL name syntax', () => {
    expect(isValidName('folder')).toBe(true);
    expect(isValidName('_x1')).toBe(true);
    expect(isValidName('1st_type')).toBe(false);
    expect(isValidName('with-hyphen')).toBe(false);
    expect(invalidNameWarning('content type', '1st')).toBe(
      "Skipping schema generation for content type with identifier '1st' as it stands against GraphQL specification. " +
        'For more details see http://spec.graphql.org/[latest-release]/#sec-Names.',
    );
  });

  it('names languages as enum values', () => {
    expect(languageEnumName('eng-GB')).toBe('eng_GB');
  });
});
