import type { FieldDefinition, Hash } from '@contentrepo/core';
import { describe, expect, it } from '@jest/globals';
import { mapFieldDefinition } from './field-mapping.js';

function definition(fieldTypeIdentifier: string, settings: Record<string, Hash> = {}, validators: Record<string, Hash> = {}): FieldDefinition {
  return {
    id: 1,
    identifier: 'field',
    fieldTypeIdentifier,
    fieldGroup: 'content',
    position: 1,
    isTranslatable: true,
    isRequired: false,
    isInfoCollector: false,
    isSearchable: true,
    isThumbnail: false,
    names: { 'eng-GB': 'Field' },
    descriptions: {},
    defaultValue: null,
    fieldSettings: settings,
    validatorConfiguration: validators,
  };
}

const known = (identifier: string) => identifier === 'image';

describe("field type → GraphQL mapping (Ibexa's mapping)", () => {
  it.each([
    ['ezstring', 'String', 'TextLineFieldDefinition', 'String'],
    ['eztext', 'String', 'TextBlockFieldDefinition', 'String'],
    ['ezrichtext', 'RichTextFieldValue', 'FieldDefinition', 'RichTextFieldInput'],
    ['ezinteger', 'Int', 'IntegerFieldDefinition', 'Int'],
    ['ezfloat', 'Float', 'FloatFieldDefinition', 'Float'],
    ['ezboolean', 'Boolean', 'CheckboxFieldDefinition', 'Boolean'],
    ['ezdate', 'DateTime', 'FieldDefinition', 'DateFieldInput'],
    ['ezdatetime', 'DateTime', 'FieldDefinition', 'DateFieldInput'],
    ['eztime', 'String', 'FieldDefinition', 'String'],
    ['ezemail', 'String', 'FieldDefinition', 'String'],
    ['ezisbn', 'String', 'FieldDefinition', 'String'],
    ['ezkeyword', '[String]', 'FieldDefinition', '[String]'],
    ['ezcountry', 'String', 'CountryFieldDefinition', '[String]'],
    ['ezurl', 'UrlFieldValue', 'FieldDefinition', 'UrlFieldInput'],
    ['ezgmaplocation', 'MapLocationFieldValue', 'FieldDefinition', 'MapLocationFieldInput'],
    ['ezauthor', '[AuthorFieldValue]', 'FieldDefinition', '[AuthorInput]'],
    ['ezselection', 'String', 'SelectionFieldDefinition', '[Int]'],
    ['ezobjectrelation', 'Item', 'RelationFieldDefinition', 'Int'],
    ['ezobjectrelationlist', '[Item]', 'RelationListFieldDefinition', '[Int]'],
    ['ezimage', 'ImageFieldValue', 'BinaryFieldDefinition', 'ImageFieldInput'],
    ['ezbinaryfile', 'BinaryFileFieldValue', 'BinaryFieldDefinition', 'BinaryFieldInput'],
    ['ezuser', 'String', 'FieldDefinition', 'UserAccountFieldInput'],
    ['ezprice', 'String', 'FieldDefinition', 'String'],
  ])('%s → value %s, definition %s, input %s', (fieldType, valueType, definitionType, inputType) => {
    expect(mapFieldDefinition(definition(fieldType), known)).toEqual({ valueType, definitionType, inputType });
  });

  it('maps multiple selections to a list of labels', () => {
    expect(mapFieldDefinition(definition('ezselection', { isMultiple: true }), known).valueType).toBe('[String]');
  });

  it('types relations to the item type of their only allowed content type', () => {
    expect(mapFieldDefinition(definition('ezobjectrelation', { selectionContentTypes: ['image'] }), known).valueType).toBe('ImageItem');
    expect(mapFieldDefinition(definition('ezobjectrelation', { selectionContentTypes: ['image', 'file'] }), known).valueType).toBe('Item');
    expect(mapFieldDefinition(definition('ezobjectrelation', { selectionContentTypes: ['unknown'] }), known).valueType).toBe('Item');
    expect(mapFieldDefinition(definition('ezobjectrelationlist', { selectionContentTypes: ['image'] }), known).valueType).toBe('[ImageItem]');
  });

  it('maps single-limit relation lists like relations', () => {
    const single = definition('ezobjectrelationlist', {}, { RelationListValueValidator: { selectionLimit: 1 } });
    expect(mapFieldDefinition(single, known)).toEqual({ valueType: 'Item', definitionType: 'RelationListFieldDefinition', inputType: 'Int' });
  });
});
