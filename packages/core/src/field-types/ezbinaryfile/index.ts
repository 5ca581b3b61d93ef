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
  storageRecord,
  storedFileIdFrom,
} from '../shared/binary.js';
import { invalidInput, isRecord, rejectUnknownKeys, type UnknownRecord } from '../shared/decode.js';
import { NO_SEARCH_DATA } from '../shared/search.js';
import {
  numberParameter,
  parameterChecks,
  plural,
  validateSettingsSchema,
  validateValidatorSchema,
  validatorParameters,
} from '../shared/settings.js';
import { isMimeType, sniffMimeType } from '../shared/sniff.js';

/**
 * Value of a Binary file field. A stored file has `id` (its BinaryStorage key under `files/`) and `uri`; a new
 * upload has `pending` until `prepareForStorage` stores it. Empty: no `id` and no `pending`.
 */
export interface BinaryFileValue {
  /** BinaryStorage key of the stored file, or null. */
  readonly id: string | null;
  /** Host-relative URI the server serves the file at (REST makes it absolute), or null before storing. */
  readonly uri: string | null;
  readonly fileName: string;
  /** Size in bytes. */
  readonly fileSize: number | null;
  readonly mimeType: string | null;
  readonly downloadCount: number;
  /** A new file to store, or null. */
  readonly pending: PendingBinary | null;
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

/** A new file from `{fileName, data, fileSize?, mimeType?}`; the MIME type is the declared one or sniffed. */
function newFile(record: UnknownRecord): BinaryFileValue {
  const fileName = fileNameFrom(record, 'binary file');
  const bytes = decodeUploadData(record, 'binary file');
  const declared = declaredMimeType(record);
  return {
    ...EMPTY_FILE,
    fileName,
    fileSize: bytes.length,
    mimeType: declared ?? sniffMimeType(bytes) ?? 'application/octet-stream',
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
 * Binary file (`ezbinaryfile` / `ibexa_binaryfile`, rest.md §4.3). Hash out (core part; REST makes `uri`
 * absolute and copies it to `url`): `{id, path: null, inputUri: null, fileName, fileSize, mimeType, uri,
 * downloadCount, url: null}` or null. Input: a new file `{fileName, data: <base64>, fileSize?, mimeType?}`
 * (strict base64, `fileSize` must match) or the resent stored hash kept by `id` (`path`, `url`,
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
  isEmpty: (value) => value.id === null && value.pending === null,
  fromHash(input) {
    if (input === null || input === undefined) return EMPTY_FILE;
    if (!isRecord(input)) throw invalidInput('a binary file hash {fileName, data} or the stored file hash', input);
    if (Object.hasOwn(input, 'pending')) {
      const pending = input['pending'];
      if (pending !== null && !isPendingBinary(pending)) {
        throw invalidInput('binary file pending file', pending, 'pending');
      }
      if (pending === null && (input['id'] === null || input['id'] === undefined)) return EMPTY_FILE;
      return existingFile(input, pending === null ? null : pending);
    }
    rejectUnknownKeys(input, HASH_KEYS, 'binary file');
    rejectInputUri(input);
    const data = input['data'];
    if (data !== undefined && data !== null) return newFile(input);
    return existingFile(input, null);
  },
  toHash(value) {
    if (value.id === null && value.pending === null) return null;
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

  validate(value, definition) {
    const errors: ValidationError[] = [];
    const maxMegabytes = numberParameter(validatorParameters(definition, 'FileSizeValidator'), 'maxFileSize');
    if (maxMegabytes !== null && maxMegabytes > 0 && (value.fileSize ?? 0) > maxMegabytes * 1024 * 1024) {
      errors.push({
        target: 'size',
        message: `The file size cannot exceed ${maxMegabytes} ${plural(maxMegabytes, 'megabyte', 'megabytes')}.`,
      });
    }
    return errors;
  },

  /** @throws Error when the value still has a pending file (prepareForStorage must run first). */
  toStorage(value) {
    if (value.pending !== null) {
      throw new Error('Binary file value has a pending file: call prepareForStorage before toStorage');
    }
    if (value.id === null) return null;
    return {
      id: value.id,
      uri: value.uri,
      fileName: value.fileName,
      fileSize: value.fileSize,
      mimeType: value.mimeType,
      downloadCount: value.downloadCount,
    };
  },
  fromStorage(data) {
    if (data === null) return EMPTY_FILE;
    const record = storageRecord(data, 'binary file');
    if (typeof record['id'] !== 'string') throw new FieldValueError('Invalid binary file storage data: missing id');
    return existingFile(record, null);
  },
  getName: (value) => value.fileName,
  toSearchData: (value) =>
    value.id === null && value.pending === null ? NO_SEARCH_DATA : { ...NO_SEARCH_DATA, fullText: value.fileName },
  storageKeys: (value) => (value.id === null ? [] : [value.id]),

  /**
   * A resent file (no `data`) must be the file this field already holds; its stored metadata wins, except the
   * file name. @throws FieldValueError (target `id`) for a reference to a file the field does not hold.
   */
  reconcileInput(input, stored) {
    if (input.pending !== null || input.id === null) return input;
    if (!stored || stored.id !== input.id) {
      throw new FieldValueError(`The file '${input.id}' is not the file of this field: send a new file with 'data'`, 'id');
    }
    return { ...stored, fileName: input.fileName || stored.fileName };
  },

  async prepareForStorage(value, context) {
    const pending = value.pending;
    if (pending === null) return value;
    const stored = await context.storeBinary(pending, 'files');
    return {
      ...value,
      id: stored.key,
      uri: stored.uri,
      fileSize: stored.size,
      mimeType: pending.mimeType ?? sniffMimeType(stored.head) ?? stored.mimeType,
      pending: null,
    };
  },

  defaultFieldSettings: () => ({}),
  defaultValidatorConfiguration: () => ({ FileSizeValidator: { maxFileSize: null } }),
  validateFieldSettings: (settings) => validateSettingsSchema(settings, {}),
  validateValidatorConfiguration: (configuration) =>
    validateValidatorSchema(configuration, { FileSizeValidator: { maxFileSize: parameterChecks.nullableInteger } }),
};
