import type { FieldType, PendingBinary } from '../field-type.js';
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
import { invalidInput, isRecord, rejectUnknownKeys, type UnknownRecord } from '../shared/decode.js';
import { NO_SEARCH_DATA } from '../shared/search.js';
import { parameterChecks, validateSettingsSchema, validateValidatorSchema } from '../shared/settings.js';
import { detectMimeType, isMimeType, sniffMimeType } from '../../domain/files/mime-type-detection.js';
import { fileSizeErrors, isEmptyFile, storedFileFromHash, storedFileMembers, type StoredFileValue } from '../shared/stored-file.js';

/**
 * Value of a Binary file field: a stored file (`id` under `files/`, `uri`) or a new upload (`pending`) until
 * `prepareForStorage` stores it. Empty: no `id` and no `pending`.
 */
export interface BinaryFileValue extends StoredFileValue {
  readonly downloadCount: number;
}

const EMPTY_FILE: BinaryFileValue = {
  id: null,
  uri: null,
  fileName: '',
  fileSize: null,
  mimeType: null,
  downloadCount: 0,
  pending: null,
};

const HASH_KEYS = ['id', 'fileName', 'fileSize', 'mimeType', 'uri', 'downloadCount', 'data', ...REST_ONLY_FILE_KEYS];

function declaredMimeType(record: UnknownRecord): string | null {
  const mimeType = optionalText(record, 'mimeType', 'binary file');
  if (mimeType === null || mimeType === '') return null;
  if (!isMimeType(mimeType)) {
    throw invalidInput("binary file 'mimeType' to be a MIME type such as application/pdf", mimeType, 'mimeType');
  }
  return mimeType.toLowerCase();
}

/**
 * A new file from `{fileName, data, fileSize?, mimeType?}`; the MIME type is the declared one, else the one
 * detected from the bytes and the file name (ADR 0014).
 */
function newFile(record: UnknownRecord): BinaryFileValue {
  const fileName = fileNameFrom(record, 'binary file');
  const bytes = decodeUploadData(record, 'binary file');
  const declared = declaredMimeType(record);
  return {
    ...EMPTY_FILE,
    fileName,
    fileSize: bytes.length,
    mimeType: declared ?? detectMimeType(bytes, fileName),
    pending: declared === null ? { source: bytes, fileName } : { source: bytes, fileName, mimeType: declared },
  };
}

/** The value from a resent stored hash (no `data`), or from storage / the native value (`pending` given). */
function existingFile(record: UnknownRecord, pending: PendingBinary | null): BinaryFileValue {
  return {
    id: pending === null ? storedFileIdFrom(record, 'Binary file') : optionalText(record, 'id', 'binary file'),
    uri: optionalText(record, 'uri', 'binary file'),
    fileName: fileNameFrom(record, 'binary file'),
    fileSize: optionalNonNegative(record, 'fileSize', 'binary file'),
    mimeType: declaredMimeType(record),
    downloadCount: optionalNonNegative(record, 'downloadCount', 'binary file') ?? 0,
    pending,
  };
}

/**
 * Binary file (`ezbinaryfile` / `ibexa_binaryfile`). REST hash out (core part; REST makes `uri`
 * absolute and copies it to `url`): `{id, path: null, inputUri: null, fileName, fileSize, mimeType, uri,
 * downloadCount, url: null}` or null. Input: a new file `{fileName, data: <base64>, fileSize?, mimeType?}`
 * (strict base64, a declared `fileSize` is informational) or the resent stored hash kept by `id` (`path`, `url`,
 * `inputUri: null` ignored); `inputUri` is not supported. The content service must check that a kept `id` is the
 * one the field already had. Validator `FileSizeValidator: {maxFileSize}` (megabytes, 0/null = unlimited,
 * target `size`). Name and full text: the file name.
 */
export const binaryFileFieldType: FieldType<BinaryFileValue> = {
  identifier: 'ezbinaryfile',
  aliases: ['ibexa_binaryfile'],
  searchable: true,
  searchFamily: 'text',

  emptyValue: () => EMPTY_FILE,
  fromHash(input) {
    return storedFileFromHash(input, { empty: EMPTY_FILE, noun: 'binary file', hashKeys: HASH_KEYS, existing: existingFile, created: newFile });
  },
  toHash(value) {
    if (isEmptyFile(value)) return null;
    return {
      id: value.id,
      path: null,
      inputUri: null,
      fileName: value.fileName,
      fileSize: value.fileSize,
      mimeType: value.mimeType,
      uri: value.uri,
      downloadCount: value.downloadCount,
      url: null,
    };
  },

  validate: fileSizeErrors,
  getName: (value) => value.fileName,
  toSearchData: (value) => (isEmptyFile(value) ? NO_SEARCH_DATA : { ...NO_SEARCH_DATA, fullText: value.fileName }),

  ...storedFileMembers<BinaryFileValue>({
    kind: 'files',
    names: { value: 'Binary file', storage: 'binary file', file: 'file' },
    empty: EMPTY_FILE,
    storageExtras: (value) => ({ downloadCount: value.downloadCount }),
    fromStoredRecord: (record) => existingFile(record, null),
    /** The file name may change. */
    keepFromInput: (input, stored) => ({ ...stored, fileName: input.fileName || stored.fileName }),
    /** The declared MIME type, else the one sniffed from the stored bytes, else the storage's (by extension). */
    storedProperties: (pending, stored) => ({
      mimeType: pending.mimeType ?? sniffMimeType(stored.head, pending.fileName) ?? stored.mimeType,
    }),
  }),

  defaultFieldSettings: () => ({}),
  defaultValidatorConfiguration: () => ({ FileSizeValidator: { maxFileSize: null } }),
  validateFieldSettings: (settings) => validateSettingsSchema(settings, {}),
  validateValidatorConfiguration: (configuration) =>
    validateValidatorSchema(configuration, { FileSizeValidator: { maxFileSize: parameterChecks.nullableInteger } }),
};
