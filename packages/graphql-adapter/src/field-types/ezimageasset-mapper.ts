import { FieldValueError, IMAGE_ASSET_MAPPINGS, isRepositoryError, type Content, type Field } from '@contentrepo/core';
import type { ImageSource } from '../resolvers/resolver-values.js';
import { intArg, isArgMap, stringArg } from '../schema/args.js';
import { hashNumber, hashRecord, hashString } from '../schema/hash.js';
import type { FieldResolveContext, FieldTypeMapper } from './field-type-mapper.js';

/** The destination's image field (Ibexa's asset mapping: `image`), in its main language, else in any language. */
function assetImageField(content: Content): Field | undefined {
  const fields = content.fields.filter((field) => field.fieldDefIdentifier === IMAGE_ASSET_MAPPINGS.contentFieldIdentifier);
  return fields.find((field) => field.languageCode === content.contentInfo.mainLanguageCode) ?? fields[0];
}

/**
 * The image an asset shows: the destination's image field (current version), with the asset's alternative text
 * when it has one; null when the destination is gone, not readable or holds no image.
 */
async function assetImage(context: FieldResolveContext, destinationContentId: number, alternativeText: string | null): Promise<ImageSource | null> {
  let destination: Content;
  try {
    destination = await context.repository.contentService.loadContent(destinationContentId);
  } catch (error) {
    if (isRepositoryError(error) && (error.code === 'NotFound' || error.code === 'Unauthorized')) return null;
    throw error;
  }
  const field = assetImageField(destination);
  if (field === undefined) return null;
  const image = hashRecord(context.repository.fieldTypes.get(field.fieldTypeIdentifier).toHash(field.value));
  if (image === null || hashString(image, 'uri') === null) return null;
  return {
    hash: alternativeText === null ? image : { ...image, alternativeText },
    contentId: destination.contentInfo.id,
    fieldId: field.id,
    versionNo: destination.versionInfo.versionNo,
    modificationDate: destination.contentInfo.modificationDate,
  };
}

/**
 * Image asset (`ezimageasset`): the destination's image as an `ImageFieldValue` (variations of the destination's
 * image field; the asset's alternative text wins over the image's), null without one; set from an
 * `ImageAssetFieldInput` (`destinationContentId`, `alternativeText`).
 */
export const imageAssetMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezimageasset',
  valueType: 'ImageFieldValue',
  definitionType: 'FieldDefinition',
  inputType: 'ImageAssetFieldInput',
  resolve: ({ hash }, context) => {
    const record = hashRecord(hash);
    const id = hashNumber(record, 'destinationContentId');
    return id === null || record === null ? null : assetImage(context, id, hashString(record, 'alternativeText'));
  },
  toInput: (input) => {
    if (!isArgMap(input)) throw new FieldValueError('Expected an ImageAssetFieldInput', 'destinationContentId');
    const alternativeText = stringArg(input, 'alternativeText');
    return { destinationContentId: intArg(input, 'destinationContentId') ?? null, alternativeText: alternativeText ?? null };
  },
};
