import { imageSize } from 'image-size';
import type { Hash } from '../../api/values/content-type.js';
import type { ValidationError } from '../../errors/repository-error.js';
import { FieldValueError, type FieldType, type PendingBinary } from '../field-type.js';
import {
  decodeUploadData,
  fileNameFrom,
  isPendingBinary,
  optionalNonNegative,
  optionalText,
  rejectInputUri,
  REST_ONLY_FILE_KEYS,
  storedFileIdFrom,
} from '../shared/binary.js';
import { invalidInput, isHash, isRecord, rejectUnknownKeys, type UnknownRecord } from '../shared/decode.js';
import { NO_SEARCH_DATA } from '../shared/search.js';
import {
  flagParameter,
  parameterChecks,
  settingChecks,
  settingOf,
  validateSettingsSchema,
  validateValidatorSchema,
  validatorParameters,
} from '../shared/settings.js';
import { sniffImageMimeType } from '../../domain/files/mime-type-detection.js';
import { fileSizeErrors, isEmptyFile, storedFileMembers, type StoredFileValue } from '../shared/stored-file.js';

/**
 * Value of an Image field: a stored image (`id` under `images/`, `uri`) or a new upload (`pending`) until
 * `prepareForStorage` stores it. Empty: no `id` and no `pending`.
 */
export interface ImageValue extends StoredFileValue {
  /** Pixel dimensions; null when unknown (e.g. SVG without width/height). */
  readonly width: number | null;
  readonly height: number | null;
  readonly alternativeText: string | null;
  readonly additionalData: { readonly [key: string]: Hash };
}

const EMPTY_IMAGE: ImageValue = {
  id: null,
  uri: null,
  fileName: '',
  fileSize: null,
  mimeType: null,
  width: null,
  height: null,
  alternativeText: null,
  additionalData: {},
  pending: null,
};

const HASH_KEYS = [
  'id', 'fileName', 'alternativeText', 'fileSize', 'mime', 'mimeType', 'uri', 'width', 'height',
  'additionalData', 'data', ...REST_ONLY_FILE_KEYS,
];

/** Pixel dimensions of an image from its first bytes (via `image-size`), or nulls when they cannot be read. */
export function imageDimensions(head: Uint8Array): { width: number | null; height: number | null } {
  try {
    const { width, height } = imageSize(head);
    return Number.isSafeInteger(width) && Number.isSafeInteger(height) && width > 0 && height > 0
      ? { width, height }
      : { width: null, height: null };
  } catch {
    return { width: null, height: null };
  }
}

function notAnImage(): FieldValueError {
  return new FieldValueError(
    'The file is not an image of a supported format (PNG, JPEG, GIF, WebP, BMP, TIFF, ICO, AVIF, HEIC or SVG)',
    'mimeType',
  );
}

function additionalDataFrom(record: UnknownRecord): { readonly [key: string]: Hash } {
  const data = record['additionalData'];
  if (data === undefined || data === null || (Array.isArray(data) && data.length === 0)) return {};
  if (isRecord(data)) {
    const result: { [key: string]: Hash } = {};
    for (const [key, value] of Object.entries(data)) {
      if (!isHash(value)) throw invalidInput(`image 'additionalData.${key}' to be hash data`, value, 'additionalData');
      result[key] = value;
    }
    return result;
  }
  throw invalidInput("image 'additionalData' to be a hash", data, 'additionalData');
}

/** A new image from `{fileName, data, alternativeText?, fileSize?}`: decoded, size-checked and sniffed. */
function newImage(record: UnknownRecord): ImageValue {
  const fileName = fileNameFrom(record, 'image');
  const bytes = decodeUploadData(record, 'image');
  const mimeType = sniffImageMimeType(bytes);
  if (mimeType === null) throw notAnImage();
  return {
    ...EMPTY_IMAGE,
    fileName,
    fileSize: bytes.length,
    mimeType,
    ...imageDimensions(bytes),
    alternativeText: optionalText(record, 'alternativeText', 'image'),
    additionalData: additionalDataFrom(record),
    pending: { source: bytes, fileName, mimeType },
  };
}

/** A kept image from a resent hash (no `data`): the stored file named by `id`. */
function keptImage(record: UnknownRecord): ImageValue {
  const mime = optionalText(record, 'mime', 'image') ?? optionalText(record, 'mimeType', 'image');
  return {
    id: storedFileIdFrom(record, 'Image'),
    uri: optionalText(record, 'uri', 'image'),
    fileName: fileNameFrom(record, 'image'),
    fileSize: optionalNonNegative(record, 'fileSize', 'image'),
    mimeType: mime,
    width: optionalNonNegative(record, 'width', 'image'),
    height: optionalNonNegative(record, 'height', 'image'),
    alternativeText: optionalText(record, 'alternativeText', 'image'),
    additionalData: additionalDataFrom(record),
    pending: null,
  };
}

/** The native value (recognised by its `pending` key), checked property by property. */
function nativeImage(record: UnknownRecord): ImageValue {
  const rawPending = record['pending'];
  if (rawPending !== null && !isPendingBinary(rawPending)) {
    throw invalidInput('image pending file', rawPending, 'pending');
  }
  const pending = rawPending === null ? null : rawPending;
  const value: ImageValue = {
    id: optionalText(record, 'id', 'image'),
    uri: optionalText(record, 'uri', 'image'),
    fileName: optionalText(record, 'fileName', 'image') ?? '',
    fileSize: optionalNonNegative(record, 'fileSize', 'image'),
    mimeType: optionalText(record, 'mimeType', 'image'),
    width: optionalNonNegative(record, 'width', 'image'),
    height: optionalNonNegative(record, 'height', 'image'),
    alternativeText: optionalText(record, 'alternativeText', 'image'),
    additionalData: additionalDataFrom(record),
    pending,
  };
  if (pending !== null && pending.source instanceof Uint8Array && sniffImageMimeType(pending.source) === null) {
    throw notAnImage();
  }
  return value;
}

/**
 * Image (`ezimage` / `ibexa_image`). REST hash out (core part; REST adds `imageId`, `path`,
 * `variations`): `{id, alternativeText, fileName, fileSize, imageId: null, uri, inputUri: null, width, height,
 * additionalData, mime}` or null. Input: a new image `{fileName, data: <base64>, alternativeText?, fileSize?}`
 * (strict base64; a declared `fileSize` is informational; the bytes must sniff as an image), or the resent hash of the stored
 * image (kept by `id`; `variations`, `path`, `imageId`, `url`, `inputUri: null` are ignored). `inputUri` is not
 * supported. The content service must check that a kept `id` is the one the field already had.
 * Settings `mimeTypes` (allowed types; empty = all); validators `FileSizeValidator: {maxFileSize}` (megabytes,
 * 0/null = unlimited, target `size`) and `AlternativeTextValidator: {required}`. Its fields are the image fields
 * of the image criteria (`imageProperties`).
 */
export const imageFieldType: FieldType<ImageValue> = {
  identifier: 'ezimage',
  aliases: ['ibexa_image'],
  searchable: true,
  searchFamily: 'text',

  emptyValue: () => EMPTY_IMAGE,
  fromHash(input) {
    if (input === null || input === undefined) return EMPTY_IMAGE;
    if (!isRecord(input)) throw invalidInput('an image hash {fileName, data} or the stored image hash', input);
    if (Object.hasOwn(input, 'pending')) return nativeImage(input);
    rejectUnknownKeys(input, HASH_KEYS, 'image');
    rejectInputUri(input);
    const data = input['data'];
    if (data !== undefined && data !== null) return newImage(input);
    return keptImage(input);
  },
  toHash(value) {
    if (isEmptyFile(value)) return null;
    return {
      id: value.id,
      alternativeText: value.alternativeText,
      fileName: value.fileName,
      fileSize: value.fileSize,
      imageId: null,
      uri: value.uri,
      inputUri: null,
      width: value.width,
      height: value.height,
      additionalData: Object.keys(value.additionalData).length === 0 ? [] : { ...value.additionalData },
      mime: value.mimeType,
    };
  },

  validate(value, definition) {
    const errors: ValidationError[] = fileSizeErrors(value, definition);
    const alternativeText = validatorParameters(definition, 'AlternativeTextValidator');
    if (flagParameter(alternativeText, 'required') && (value.alternativeText ?? '').trim() === '') {
      errors.push({ target: 'alternativeText', message: 'Alternative text is required.' });
    }
    const allowed = settingOf(definition, 'mimeTypes');
    if (Array.isArray(allowed) && allowed.length > 0 && !allowed.includes(value.mimeType ?? '')) {
      errors.push({
        target: 'mimeType',
        message:
          `The MIME type of the file is invalid (${value.mimeType ?? 'unknown'}). ` +
          `Allowed MIME types are ${allowed.join(', ')}.`,
      });
    }
    return errors;
  },

  getName: (value) => value.alternativeText ?? value.fileName,
  toSearchData(value) {
    if (isEmptyFile(value)) return NO_SEARCH_DATA;
    return { ...NO_SEARCH_DATA, fullText: [value.alternativeText ?? '', value.fileName].join(' ').trim() };
  },
  /** The stored `mimeType`, `fileSize`, `width` and `height`, each null when missing or of another JSON type. */
  imageProperties(data) {
    if (!isRecord(data)) return null;
    const number = (key: string): number | null => {
      const value = data[key];
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    };
    const mimeType = data['mimeType'];
    return { mimeType: typeof mimeType === 'string' ? mimeType : null, fileSize: number('fileSize'), width: number('width'), height: number('height') };
  },

  ...storedFileMembers<ImageValue>({
    kind: 'images',
    names: { value: 'Image', storage: 'image', file: 'image' },
    empty: EMPTY_IMAGE,
    storageExtras: (value) => ({
      width: value.width,
      height: value.height,
      alternativeText: value.alternativeText,
      additionalData: { ...value.additionalData },
    }),
    fromStoredRecord: (record) => nativeImage({ ...record, pending: null }),
    /** The file name and the alternative text may change. */
    keepFromInput: (input, stored) => ({ ...stored, fileName: input.fileName || stored.fileName, alternativeText: input.alternativeText }),
    /** Bytes at hand must sniff as an image before they are stored. */
    beforeStore(pending) {
      if (pending.source instanceof Uint8Array && sniffImageMimeType(pending.source) === null) throw notAnImage();
    },
    /** The MIME type sniffed from the stored bytes (which must be an image) and the dimensions read from them. */
    storedProperties(_pending, stored) {
      const mimeType = sniffImageMimeType(stored.head);
      if (mimeType === null) throw notAnImage();
      return { mimeType, ...imageDimensions(stored.head) };
    },
  }),

  defaultFieldSettings: () => ({ mimeTypes: [] }),
  defaultValidatorConfiguration: () => ({
    FileSizeValidator: { maxFileSize: null },
    AlternativeTextValidator: { required: false },
  }),
  validateFieldSettings: (settings) => validateSettingsSchema(settings, { mimeTypes: settingChecks.stringList }),
  validateValidatorConfiguration: (configuration) =>
    validateValidatorSchema(configuration, {
      FileSizeValidator: { maxFileSize: parameterChecks.nullableNumber },
      AlternativeTextValidator: { required: parameterChecks.bool },
    }),
};
