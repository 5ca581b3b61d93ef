import { FieldValueError, type FieldType } from '../field-type.js';
import { invalidInput, isRecord, rejectUnknownKeys, type UnknownRecord } from '../shared/decode.js';
import { contentIdFrom } from '../shared/relation.js';
import { intSearchData, NO_SEARCH_DATA } from '../shared/search.js';
import { validateSettingsSchema, validateValidatorSchema } from '../shared/settings.js';

/**
 * Value of an Image asset field: the image content it shows (`destinationContentId`, null when empty), the
 * alternative text for this use of the image and, for assets of an external source, that source's name.
 */
export interface ImageAssetValue {
  readonly destinationContentId: number | null;
  readonly alternativeText: string | null;
  /** Name of the asset source (Ibexa 5.x DAM connectors); null for the repository's own image content. */
  readonly source: string | null;
}

/**
 * Where image assets live (Ibexa 4.6's default `ibexa.site_access.config.default.fieldtypes.ezimageasset.mappings`):
 * a valid destination is a content item of type `image`; its `image` field is the asset's image, its `name`
 * field the asset's name; new assets are created under location 51 (Media/Images).
 */
export const IMAGE_ASSET_MAPPINGS = {
  contentTypeIdentifier: 'image',
  contentFieldIdentifier: 'image',
  nameFieldIdentifier: 'name',
  parentLocationId: 51,
} as const;

const EMPTY: ImageAssetValue = { destinationContentId: null, alternativeText: null, source: null };

function optionalText(record: UnknownRecord, key: string): string | null {
  const text = record[key];
  if (text === undefined || text === null) return null;
  if (typeof text !== 'string') throw invalidInput(`image asset '${key}' to be a string or null`, text, key);
  return text;
}

/**
 * Image asset (`ezimageasset` / `ibexa_image_asset`), Ibexa's relation to an image content item. REST hash out
 * `{destinationContentId, alternativeText}` (`source` added when set; REST adds the destination image's
 * `variations`); input the same hash (`variations` ignored), or a bare content id. Whether the destination exists
 * and is an image content item is the content service's check (`Content <type> is not a valid asset target`). Name:
 * empty (Ibexa shows the destination's name). Search: the destination id as integer key. Adds an ASSET relation.
 * No settings or validators.
 */
export const imageAssetFieldType: FieldType<ImageAssetValue> = {
  identifier: 'ezimageasset',
  aliases: ['ibexa_image_asset'],
  searchable: true,
  searchFamily: 'integer',

  emptyValue: () => EMPTY,
  isEmpty: (value) => value.destinationContentId === null,
  fromHash(input) {
    if (input === null || input === undefined) return EMPTY;
    if (typeof input === 'number' || typeof input === 'string') {
      return { ...EMPTY, destinationContentId: contentIdFrom(input, 'destinationContentId') };
    }
    if (!isRecord(input)) throw invalidInput('an image asset hash {destinationContentId, alternativeText}', input);
    rejectUnknownKeys(input, ['destinationContentId', 'alternativeText', 'source', 'variations'], 'image asset');
    const id = input['destinationContentId'];
    return {
      destinationContentId: id === null || id === undefined ? null : contentIdFrom(id, 'destinationContentId'),
      alternativeText: optionalText(input, 'alternativeText'),
      source: optionalText(input, 'source'),
    };
  },
  toHash: (value) => ({
    destinationContentId: value.destinationContentId,
    alternativeText: value.alternativeText,
    ...(value.source === null ? {} : { source: value.source }),
  }),
  validate: () => [],
  toStorage: (value) =>
    value.destinationContentId === null
      ? null
      : { destinationContentId: value.destinationContentId, alternativeText: value.alternativeText, source: value.source },
  fromStorage(data) {
    if (data === null) return EMPTY;
    const id = isRecord(data) ? data['destinationContentId'] : undefined;
    if (!isRecord(data) || typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
      throw new FieldValueError('Invalid image asset storage data: expected {destinationContentId, alternativeText, source}');
    }
    const text = (key: string) => (typeof data[key] === 'string' ? data[key] : null);
    return { destinationContentId: id, alternativeText: text('alternativeText'), source: text('source') };
  },
  getName: () => '',
  toSearchData: (value) => (value.destinationContentId === null ? NO_SEARCH_DATA : intSearchData(value.destinationContentId)),
  relations: (value) =>
    value.destinationContentId === null
      ? []
      : [{ type: 'ASSET', contentId: value.destinationContentId, contentTypeIdentifier: IMAGE_ASSET_MAPPINGS.contentTypeIdentifier }],

  defaultFieldSettings: () => ({}),
  defaultValidatorConfiguration: () => ({}),
  validateFieldSettings: (settings) => validateSettingsSchema(settings, {}),
  validateValidatorConfiguration: (configuration) => validateValidatorSchema(configuration, {}),
};
