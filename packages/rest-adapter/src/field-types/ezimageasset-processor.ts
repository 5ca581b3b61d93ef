import { IMAGE_ASSET_MAPPINGS, NotFoundError, UnauthorizedError, type Content, type Field, type Hash } from '@contentrepo/core';
import type { HashObject } from '../output/hash-object.js';
import type { FieldOutputContext, FieldTypeProcessor } from './field-type-processor.js';

/**
 * The image field of an image asset's destination: its `image` field (Ibexa's asset mapping) in the item's main
 * language, else in any language; undefined when the item has none.
 */
export function assetImageField(content: Content): Field | undefined {
  const fields = content.fields.filter((field) => field.fieldDefIdentifier === IMAGE_ASSET_MAPPINGS.contentFieldIdentifier);
  return fields.find((field) => field.languageCode === content.contentInfo.mainLanguageCode) ?? fields[0];
}

async function withVariations(hash: HashObject, destinationContentId: number, { visit }: FieldOutputContext): Promise<Hash> {
  if (!visit.loadContent) return hash;
  let destination: Content;
  try {
    destination = await visit.loadContent(destinationContentId);
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof UnauthorizedError) return hash;
    throw error;
  }
  const image = assetImageField(destination);
  if (image === undefined) return hash;
  const imageId = `${destination.contentInfo.id}-${image.id}-${destination.versionInfo.versionNo}`;
  return {
    ...hash,
    variations: Object.fromEntries(visit.imageVariations.map((alias) => [alias, { href: visit.hrefs.imageVariation(imageId, alias) }])),
  };
}

/**
 * Image asset (`ezimageasset`, Ibexa's `ImageAssetFieldTypeProcessor`): adds `variations`, one `{ href }` per
 * configured image alias, for the destination's image — `…/content/binary/images/<destinationContentId>-<imageFieldId>-
 * <destinationVersionNo>/variations/<alias>` (the destination's current version) — which the image variation route
 * serves. Without a destination, or one the user cannot read or that is gone, the hash is output as it is.
 */
export const imageAssetProcessor: FieldTypeProcessor = {
  fieldTypeIdentifier: 'ezimageasset',
  outputHash: (hash, context) => {
    const id = hash['destinationContentId'];
    return typeof id === 'number' ? withVariations(hash, id, context) : hash;
  },
};
