import { createDefaultFieldTypeRegistry, type Field, type Hash } from '@contentrepo/core';
import { describe, expect, it } from '@jest/globals';
import { storedImage } from './ezimage-processor.js';

const fieldTypes = createDefaultFieldTypeRegistry();

function field(fieldTypeIdentifier: string, hash: Hash): Field {
  const value = fieldTypes.get(fieldTypeIdentifier).fromHash(hash);
  return { id: 7, fieldDefinitionId: 5, fieldDefIdentifier: 'image', languageCode: 'eng-GB', fieldTypeIdentifier, value };
}

const STORED: Hash = { id: 'images/x/photo.png', uri: '/var/site/storage/images/x/photo.png', fileName: 'photo.png', fileSize: 70, mime: 'image/png', width: 1, height: 1 };

describe('storedImage', () => {
  it('gives the uri and hash of an image field with a file, under either identifier', () => {
    for (const identifier of ['ezimage', 'ibexa_image']) {
      expect(storedImage(field(identifier, STORED), fieldTypes)).toEqual({
        uri: '/var/site/storage/images/x/photo.png',
        hash: expect.objectContaining({ mime: 'image/png', width: 1, height: 1 }),
      });
    }
  });

  it('is null for an empty image and for fields of other types', () => {
    expect(storedImage(field('ezimage', null), fieldTypes)).toBeNull();
    expect(storedImage(field('ezbinaryfile', { id: 'files/x/photo.png', uri: '/var/site/storage/files/x/photo.png', fileName: 'photo.png', mimeType: 'image/png' }), fieldTypes)).toBeNull();
    expect(storedImage(field('ezstring', 'photo.png'), fieldTypes)).toBeNull();
  });
});
