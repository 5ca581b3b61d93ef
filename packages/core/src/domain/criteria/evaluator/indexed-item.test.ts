import { describe, expect, it } from '@jest/globals';
import type { Hash } from '../../../api/values/content-type.js';
import { createFieldTypeRegistry } from '../../../field-types/field-type.js';
import { createDefaultFieldTypeRegistry } from '../../../field-types/registry.js';
import { imageFactsOf } from './indexed-item.js';

const fieldTypes = createDefaultFieldTypeRegistry();
const stored = { id: 'images/a.png', uri: '/var/site/storage/images/a.png', fileName: 'a.png', fileSize: 2048, mimeType: 'image/png', width: 40, height: 30 };
const field = (fieldTypeIdentifier: string, data: Hash) => ({ fieldDefIdentifier: 'image', fieldTypeIdentifier, languageCode: 'eng-GB', data });

describe('image facts of stored fields (image criteria)', () => {
  it('reads the stored image properties of fields whose type has them', () => {
    expect(imageFactsOf(field('ezimage', stored), fieldTypes)).toEqual({
      fieldDefIdentifier: 'image',
      languageCode: 'eng-GB',
      mimeType: 'image/png',
      fileSize: 2048,
      width: 40,
      height: 30,
    });
  });

  it('gives nulls for missing or mistyped properties, and nothing for data that is no object', () => {
    const { width: _width, ...withoutWidth } = stored;
    expect(imageFactsOf(field('ezimage', { ...withoutWidth, height: '30' }), fieldTypes)).toMatchObject({ width: null, height: null });
    expect(imageFactsOf(field('ezimage', null), fieldTypes)).toBeNull();
    expect(imageFactsOf(field('ezimage', 'x'), fieldTypes)).toBeNull();
  });

  it('has nothing for fields of types without image properties, or unknown to the registry', () => {
    expect(imageFactsOf(field('ezbinaryfile', stored), fieldTypes)).toBeNull();
    expect(imageFactsOf(field('ezimage', stored), createFieldTypeRegistry([]))).toBeNull();
  });
});
