import { createDefaultFieldTypeRegistry } from '@contentrepo/core';
import { describe, expect, it } from '@jest/globals';
import { builtInFieldTypeProcessors, createFieldTypeProcessorRegistry, HASH_FORM_FIELD_TYPES } from './index.js';

const coreTypes = createDefaultFieldTypeRegistry();
const registry = createFieldTypeProcessorRegistry([], coreTypes);
const fieldTypeProcessor = (identifier: string) => registry.get(identifier);
const processed = builtInFieldTypeProcessors.map((processor) => processor.fieldTypeIdentifier);

describe('built-in REST field type processors', () => {
  it('cover every field type core registers, unless it is listed as output as its hash', () => {
    const missing = coreTypes
      .all()
      .map((type) => type.identifier)
      .filter((identifier) => !processed.includes(identifier) && !HASH_FORM_FIELD_TYPES.includes(identifier));
    expect(missing).toEqual([]);
  });

  it('are registered once each, under canonical identifiers of core field types', () => {
    expect(new Set(processed).size).toBe(processed.length);
    for (const identifier of processed) {
      expect(coreTypes.canonicalIdentifier(identifier)).toBe(identifier);
      expect(fieldTypeProcessor(identifier)?.fieldTypeIdentifier).toBe(identifier);
    }
  });

  it('list as hash form only core field types that have no processor', () => {
    for (const identifier of HASH_FORM_FIELD_TYPES) {
      expect(coreTypes.canonicalIdentifier(identifier)).toBe(identifier);
      expect(fieldTypeProcessor(identifier)).toBeUndefined();
    }
  });
});
