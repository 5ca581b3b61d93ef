import type { StoredFieldDefinition } from '../spi/content-type-handler.js';

/** A field definition before the store gives it an id (what `createDraft` and `addFieldDefinition` take). */
export type NewFieldDefinition = Omit<StoredFieldDefinition, 'id'>;

/**
 * Test-data builder of a field definition: by default a translatable, searchable, optional `ezstring` field
 * `identifier` at position 1, named `identifier` in eng-GB, with no default value, no settings and a 255-character
 * limit (a field of another type has no validator configured). `overrides` replace any of these. Without an `id`
 * in `overrides` it is a definition to store (the store gives the id); with one, a stored definition, which is
 * also a `FieldDefinition` of the API.
 */
export function testFieldDefinition(identifier: string, overrides?: Partial<NewFieldDefinition>): NewFieldDefinition;
export function testFieldDefinition(identifier: string, overrides: Partial<NewFieldDefinition> & { readonly id: number }): StoredFieldDefinition;
export function testFieldDefinition(identifier: string, overrides: Partial<StoredFieldDefinition> = {}): NewFieldDefinition | StoredFieldDefinition {
  const fieldTypeIdentifier = overrides.fieldTypeIdentifier ?? 'ezstring';
  return {
    identifier,
    fieldTypeIdentifier,
    fieldGroup: '',
    position: 1,
    isTranslatable: true,
    isRequired: false,
    isInfoCollector: false,
    isSearchable: true,
    isThumbnail: false,
    names: { 'eng-GB': identifier },
    descriptions: {},
    defaultValue: null,
    fieldSettings: {},
    validatorConfiguration: fieldTypeIdentifier === 'ezstring' ? { StringLengthValidator: { minStringLength: 0, maxStringLength: 255 } } : {},
    ...overrides,
  };
}
