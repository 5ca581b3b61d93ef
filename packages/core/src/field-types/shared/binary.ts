import { FieldValueError, type PendingBinary } from '../field-type.js';
import { decodeBase64Strict } from './base64.js';
import { invalidInput, isRecord, toInteger, type UnknownRecord } from './decode.js';

/**
 * Input helpers shared by the Image and Binary file types (REST input): a new file is `{fileName, data:
 * <base64>, fileSize?}`; an update without a new file resends the stored hash (identified by `id`) without
 * `data`. REST-only output keys that clients echo back are accepted and ignored.
 */

/** Output keys added by the REST layer (or Ibexa BC keys) that input may carry and that are ignored. */
export const REST_ONLY_FILE_KEYS = ['path', 'url', 'imageId', 'variations', 'inputUri'] as const;

/** Whether `input` is a `PendingBinary`: bytes or an async iterable of chunks, a file name, an optional MIME type. */
export function isPendingBinary(input: unknown): input is PendingBinary {
  if (typeof input !== 'object' || input === null) return false;
  const source: unknown = Reflect.get(input, 'source');
  const fileName: unknown = Reflect.get(input, 'fileName');
  const mimeType: unknown = Reflect.get(input, 'mimeType');
  const isStream = typeof source === 'object' && source !== null && Symbol.asyncIterator in source;
  return (
    (source instanceof Uint8Array || isStream) &&
    typeof fileName === 'string' &&
    (mimeType === undefined || typeof mimeType === 'string')
  );
}

/**
 * `inputUri` (a server-local path in Ibexa) is not supported: only null, undefined or '' pass.
 * @throws FieldValueError with target `inputUri` otherwise.
 */
export function rejectInputUri(record: UnknownRecord): void {
  const inputUri = record['inputUri'];
  if (inputUri !== undefined && inputUri !== null && inputUri !== '') {
    throw new FieldValueError(
      "'inputUri' is not supported: send the file content base64-encoded in 'data'",
      'inputUri',
    );
  }
}

/**
 * A file name from input: a non-empty string without path separators or control characters.
 * @throws FieldValueError (target `fileName`) otherwise.
 */
export function fileNameFrom(record: UnknownRecord, what: string): string {
  const fileName = record['fileName'];
  if (typeof fileName !== 'string' || fileName.trim() === '') {
    throw invalidInput(`${what} 'fileName' to be a non-empty string`, fileName, 'fileName');
  }
  if (/[/\\\u0000-\u001f\u007f]/.test(fileName)) {
    throw new FieldValueError(
      `Invalid file name ${JSON.stringify(fileName)}: no path separators or control characters allowed`,
      'fileName',
    );
  }
  return fileName.trim();
}

/**
 * Decodes the base64 `data` of a new file. A declared `fileSize` is informational (Ibexa 4.6 behaviour: the
 * stored size is the size of the decoded data); it must still be a byte count when given.
 * @throws FieldValueError target `data` for bad base64, `fileSize` for a declared size that is no byte count.
 */
export function decodeUploadData(record: UnknownRecord, what: string): Uint8Array {
  const data = record['data'];
  if (typeof data !== 'string') throw invalidInput(`${what} 'data' to be a base64 string`, data, 'data');
  const bytes = decodeBase64Strict(data, 'data');
  const declared = record['fileSize'];
  if (declared !== undefined && declared !== null) {
    const size = toInteger(declared);
    if (size === undefined || size < 0) {
      throw invalidInput(`${what} 'fileSize' to be a byte count`, declared, 'fileSize');
    }
  }
  return bytes;
}

/** The stored file key (`id`) of an update hash. @throws FieldValueError when absent or not a string. */
export function storedFileIdFrom(record: UnknownRecord, what: string): string {
  const id = record['id'];
  if (id === undefined || id === null || id === '') {
    throw new FieldValueError(
      `${what} input needs either 'data' (a new file, base64) or 'id' (the stored file to keep)`,
      'data',
    );
  }
  if (typeof id !== 'string') throw invalidInput(`${what} 'id' to be a string`, id, 'id');
  return id;
}

/** An optional non-negative integer (sizes, dimensions, counters); null when absent. */
export function optionalNonNegative(record: UnknownRecord, key: string, what: string): number | null {
  const value = record[key];
  if (value === undefined || value === null || value === '') return null;
  const number = toInteger(value);
  if (number === undefined || number < 0) {
    throw invalidInput(`${what} '${key}' to be a non-negative integer`, value, key);
  }
  return number;
}

/** An optional string; null when absent. */
export function optionalText(record: UnknownRecord, key: string, what: string): string | null {
  const value = record[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalidInput(`${what} '${key}' to be a string`, value, key);
  return value;
}

/** Storage record check helper: the record, or a FieldValueError naming the type. */
export function storageRecord(data: unknown, what: string): UnknownRecord {
  if (!isRecord(data)) throw new FieldValueError(`Invalid ${what} storage data: expected an object or null`);
  return data;
}
