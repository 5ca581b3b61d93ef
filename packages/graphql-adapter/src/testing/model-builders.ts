import type { ContentType, ContentTypeGroup, FieldDefinition } from '@contentrepo/core';
import { testFieldDefinition } from '@contentrepo/core/testing';
import type { SchemaModel } from '../schema/model.js';

/**
 * Builders of schema models for the builder's unit tests (test-data builders, not fixtures): a group, content
 * types with field definitions, languages and variations.
 */

const DATE = new Date(Date.UTC(2024, 0, 1));

let lastFieldId = 0;

/** A field definition of a type: core's test field definition of `fieldTypeIdentifier`, with a new id. */
export function testField(identifier: string, fieldTypeIdentifier: string, overrides: Partial<FieldDefinition> = {}): FieldDefinition {
  return { ...testFieldDefinition(identifier, { id: (lastFieldId += 1), fieldTypeIdentifier }), ...overrides };
}

/** A published content type in group 1. */
export function testContentType(id: number, identifier: string, fields: readonly FieldDefinition[], overrides: Partial<ContentType> = {}): ContentType {
  return {
    id,
    status: 'DEFINED',
    identifier,
    remoteId: `remote-${identifier}`,
    names: { 'eng-GB': identifier },
    descriptions: {},
    creationDate: DATE,
    modificationDate: DATE,
    creatorId: 14,
    modifierId: 14,
    urlAliasSchema: '',
    nameSchema: '<name>',
    isContainer: false,
    mainLanguageCode: 'eng-GB',
    defaultAlwaysAvailable: true,
    defaultSortField: 'PATH',
    defaultSortOrder: 'ASC',
    groupIds: [1],
    fieldDefinitions: fields.map((field, index) => ({ ...field, position: index + 1 })),
    ...overrides,
  };
}

/** A content type group. */
export function testGroup(id: number, identifier: string): ContentTypeGroup {
  return { id, identifier, creationDate: DATE, modificationDate: DATE, creatorId: 14, modifierId: 14, isSystem: false };
}

/** A model with the given types in group `Content` (id 1), languages eng-GB and pol-PL, two variations. */
export function testModel(contentTypes: readonly ContentType[], extra: Partial<SchemaModel> = {}): SchemaModel {
  return {
    groups: [testGroup(1, 'Content')],
    contentTypes,
    languages: [
      { id: 2, languageCode: 'eng-GB', name: 'English', enabled: true },
      { id: 4, languageCode: 'pol-PL', name: 'Polish', enabled: true },
    ],
    imageVariations: ['large', 'small'],
    ...extra,
  };
}

/** `{ name: ezstring (required) }` as a type's fields. */
export const nameField = (): FieldDefinition => testField('name', 'ezstring', { isRequired: true });

