import type { Field, FieldTypeRegistry, StoredImageFile } from '@contentrepo/core';
import { isObject, type HashObject } from '../output/hash-object.js';
import type { FieldTypeProcessor } from './field-type-processor.js';

/**
 * Image (`ezimage`, Ibexa's `ImageProcessor`): adds `imageId` (`<contentId>-<fieldId>-<versionNo>`), `path`
 * (`/` + `inputUri`) and `variations`, one `{ href }` per configured image alias.
 */
export const imageProcessor: FieldTypeProcessor = {
  fieldTypeIdentifier: 'ezimage',
  outputHash: (hash, { field, contentId, versionNo, visit }) => {
    const imageId = `${contentId}-${field.id}-${versionNo}`;
    const inputUri = typeof hash['inputUri'] === 'string' ? hash['inputUri'] : '';
    return {
      ...hash,
      imageId,
      path: `/${inputUri}`,
      variations: Object.fromEntries(visit.imageVariations.map((alias) => [alias, { href: visit.hrefs.imageVariation(imageId, alias) }])),
    };
  },
};

/** An image field's stored file: its server-relative `uri` and the image hash (`width`, `height`, `mime`, …). */
export interface StoredImage {
  readonly uri: string;
  readonly hash: HashObject;
}

/**
 * The stored file of an image field, or null when the field is no image or holds no file: what a version's
 * `Thumbnail` and the image variation resource are made from.
 */
export function storedImage(field: Field, fieldTypes: FieldTypeRegistry): StoredImage | null {
  if (fieldTypes.canonicalIdentifier(field.fieldTypeIdentifier) !== imageProcessor.fieldTypeIdentifier) return null;
  const hash = fieldTypes.get(field.fieldTypeIdentifier).toHash(field.value);
  const uri = isObject(hash) ? hash['uri'] : undefined;
  return isObject(hash) && typeof uri === 'string' ? { uri, hash } : null;
}

/**
 * The stored file of an image field as the image variation service takes it (from the image hash: `id`, `mime`,
 * `width`, `height`, `fileSize`), or null when the field is no image or holds no file.
 */
export function storedImageFile(field: Field, fieldTypes: FieldTypeRegistry): StoredImageFile | null {
  const image = storedImage(field, fieldTypes);
  return image === null ? null : imageFileOfHash(image.hash);
}

/** The {@link StoredImageFile} of an image hash (`id`, `mime`, `width`, `height`, `fileSize`), or null without `id`. */
export function imageFileOfHash(hash: HashObject): StoredImageFile | null {
  const id = hash['id'];
  if (typeof id !== 'string' || id === '') return null;
  const number = (key: string): number | null => (typeof hash[key] === 'number' ? hash[key] : null);
  return { id, mimeType: typeof hash['mime'] === 'string' ? hash['mime'] : null, width: number('width'), height: number('height'), fileSize: number('fileSize') };
}
