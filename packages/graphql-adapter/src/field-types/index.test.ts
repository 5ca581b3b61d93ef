import { createDefaultFieldTypeRegistry } from '@contentrepo/core';
import { describe, expect, it } from '@jest/globals';
import { builtInFieldTypeMappers, createFieldTypeMapperRegistry, DEFAULT_FORM_FIELD_TYPES, defaultFieldTypeMapper } from './index.js';

const coreTypes = createDefaultFieldTypeRegistry();
const mapped = builtInFieldTypeMappers.map((mapper) => mapper.fieldTypeIdentifier);

describe('built-in field type mappers', () => {
  it('map every field type core registers, unless it is listed as using the default form', () => {
    const missing = coreTypes
      .all()
      .map((type) => type.identifier)
      .filter((identifier) => !mapped.includes(identifier) && !DEFAULT_FORM_FIELD_TYPES.includes(identifier));
    expect(missing).toEqual([]);
  });

  it('are registered once each, under canonical identifiers of core field types', () => {
    expect(new Set(mapped).size).toBe(mapped.length);
    for (const identifier of mapped) expect(coreTypes.canonicalIdentifier(identifier)).toBe(identifier);
  });

  it('list as default form only core field types that have no mapper', () => {
    for (const identifier of DEFAULT_FORM_FIELD_TYPES) {
      expect(coreTypes.canonicalIdentifier(identifier)).toBe(identifier);
      expect(mapped).not.toContain(identifier);
    }
  });
});

describe('field type mapper registry', () => {
  const custom = { ...defaultFieldTypeMapper('acme_rating'), valueType: 'Int', inputType: 'Int' };

  it('gives the default mapper to a type without one', () => {
    const registry = createFieldTypeMapperRegistry(builtInFieldTypeMappers);
    expect(registry.has('acme_rating')).toBe(false);
    expect(registry.get('acme_rating')).toMatchObject({ fieldTypeIdentifier: 'acme_rating', valueType: 'String', definitionType: 'FieldDefinition', inputType: 'String' });
    expect(registry.get('ezstring').definitionType).toBe('TextLineFieldDefinition');
  });

  it('adds mappers of other field types', () => {
    const registry = createFieldTypeMapperRegistry([...builtInFieldTypeMappers, custom]);
    expect(registry.has('acme_rating')).toBe(true);
    expect(registry.get('acme_rating').valueType).toBe('Int');
  });

  it('refuses a second mapper of a type', () => {
    expect(() => createFieldTypeMapperRegistry([...builtInFieldTypeMappers, { ...custom, fieldTypeIdentifier: 'ezstring' }])).toThrow(
      "A GraphQL mapper of field type 'ezstring' is registered twice",
    );
  });
});
