import type { FieldDefinition, Hash } from '../../api/values/content-type.js';
import type { ValidationError } from '../../errors/repository-error.js';
import { FieldValueError, type FieldTypeMembers, type PendingBinary, type StoredBinary } from '../field-type.js';
import { isPendingBinary, rejectInputUri, storageRecord } from './binary.js';
import { invalidInput, isRecord, rejectUnknownKeys, type UnknownRecord } from './decode.js';
import { numberParameter, plural, validatorParameters } from './settings.js';

/**
 * What the Image and Binary file types share (Ibexa's `BinaryBase`): a value is a stored file (`id`, its
 * BinaryStorage key, and `uri`) or a new upload (`pending`) that `prepareForStorage` stores; the stored data is
 * the file's metadata; a client resending a stored file keeps the server's metadata.
 */

/** The part of an Image or Binary file value that the shared logic reads and writes. */
export interface StoredFileValue {
  /** BinaryStorage key of the stored file, or null. */
  readonly id: string | null;
  /** Host-relative URI the server serves the file at, or null before storing. */
  readonly uri: string | null;
  readonly fileName: string;
  /** Size in bytes. */
  readonly fileSize: number | null;
  readonly mimeType: string | null;
  /** A new file to store, or null. */
  readonly pending: PendingBinary | null;
}

/** What a file type adds to the shared logic. */
export interface StoredFileSpec<V extends StoredFileValue> {
  /** Where `prepareForStorage` stores new files. */
  readonly kind: 'images' | 'files';
  /**
   * How messages name the value (`Image`, `Binary file`), its storage data (`image`, `binary file`) and the file
   * (`image`, `file`).
   */
  readonly names: { readonly value: string; readonly storage: string; readonly file: string };
  /** The empty value. */
  readonly empty: V;
  /** The type's own stored properties, written after `id`, `uri`, `fileName`, `fileSize` and `mimeType`. */
  storageExtras(value: V): { readonly [key: string]: Hash };
  /** The value of stored data: an object with a string `id`. @throws FieldValueError */
  fromStoredRecord(record: UnknownRecord): V;
  /** The stored value of a resent file with what the client may change taken from `input`. */
  keepFromInput(input: V, stored: V): V;
  /** Checks a pending file before it is stored. @throws FieldValueError */
  beforeStore?(pending: PendingBinary): void;
  /** The properties read from a file just stored (`id`, `uri` and `fileSize` are set by the shared logic). @throws FieldValueError */
  storedProperties(pending: PendingBinary, stored: StoredBinary): Partial<V>;
}

/** What {@link storedFileFromHash} needs of a file type (Binary file, Media). */
export interface StoredFileHashReader<V> {
  readonly empty: V;
  /** The type in messages: `binary file`, `media`. */
  readonly noun: string;
  /** The keys a client's hash may carry. */
  readonly hashKeys: readonly string[];
  /** A stored file (the hash's `id`), with its upload when the hash is the native form with `pending`. */
  readonly existing: (input: UnknownRecord, pending: PendingBinary | null) => V;
  /** A new upload (the hash has `data`). */
  readonly created: (input: UnknownRecord) => V;
}

/**
 * `fromHash` of a file type: null → empty; the native form (`pending` present) → the stored file with its
 * upload, or empty when neither is there; a client hash (only `hashKeys`, no `inputUri`) → a new upload when it
 * has `data`, else the stored file it names.
 * @throws FieldValueError for a hash that is not a record, an invalid `pending`, an unknown key or an `inputUri`.
 */
export function storedFileFromHash<V>(input: unknown, reader: StoredFileHashReader<V>): V {
  if (input === null || input === undefined) return reader.empty;
  if (!isRecord(input)) throw invalidInput(`a ${reader.noun} hash {fileName, data} or the stored file hash`, input);
  if (Object.hasOwn(input, 'pending')) {
    const pending = input['pending'];
    if (pending !== null && !isPendingBinary(pending)) throw invalidInput(`${reader.noun} pending file`, pending, 'pending');
    if (pending === null && (input['id'] === null || input['id'] === undefined)) return reader.empty;
    return reader.existing(input, pending);
  }
  rejectUnknownKeys(input, reader.hashKeys, reader.noun);
  rejectInputUri(input);
  const data = input['data'];
  return data !== undefined && data !== null ? reader.created(input) : reader.existing(input, null);
}

/** Whether a file value is empty: no stored file and no upload. */
export function isEmptyFile(value: StoredFileValue): boolean {
  return value.id === null && value.pending === null;
}

/**
 * `FileSizeValidator: {maxFileSize}` (megabytes; 0 or null: unlimited): the error (target `size`) of a file larger
 * than that, or none.
 */
export function fileSizeErrors(value: StoredFileValue, definition: FieldDefinition): ValidationError[] {
  const maxMegabytes = numberParameter(validatorParameters(definition, 'FileSizeValidator'), 'maxFileSize');
  if (maxMegabytes !== null && maxMegabytes > 0 && (value.fileSize ?? 0) > maxMegabytes * 1024 * 1024) {
    return [{ target: 'size', message: `The file size cannot exceed ${maxMegabytes} ${plural(maxMegabytes, 'megabyte', 'megabytes')}.` }];
  }
  return [];
}

/**
 * The storage members of a file type: empty check, storage data (the metadata of the stored file, never a pending
 * one), storage keys, reconciliation of a resent file with the stored one, and storing a new upload.
 */
export function storedFileMembers<V extends StoredFileValue>(
  spec: StoredFileSpec<V>,
): Pick<FieldTypeMembers<V>, 'isEmpty' | 'toStorage' | 'fromStorage' | 'storageKeys' | 'reconcileInput' | 'prepareForStorage'> {
  return {
    isEmpty: isEmptyFile,

    /** @throws Error when the value still has a pending file (prepareForStorage must run first). */
    toStorage(value) {
      if (value.pending !== null) {
        throw new Error(`${spec.names.value} value has a pending file: call prepareForStorage before toStorage`);
      }
      if (value.id === null) return null;
      return {
        id: value.id,
        uri: value.uri,
        fileName: value.fileName,
        fileSize: value.fileSize,
        mimeType: value.mimeType,
        ...spec.storageExtras(value),
      };
    },
    fromStorage(data) {
      if (data === null) return spec.empty;
      const record = storageRecord(data, spec.names.storage);
      if (typeof record['id'] !== 'string') throw new FieldValueError(`Invalid ${spec.names.storage} storage data: missing id`);
      return spec.fromStoredRecord(record);
    },
    storageKeys: (value) => (value.id === null ? [] : [value.id]),

    /**
     * A resent file (no `data`) must be the file this field already holds: its stored metadata wins over what the
     * client sent, except what `keepFromInput` takes. New uploads and removals pass through.
     * @throws FieldValueError (target `id`) for a reference to a file the field does not hold.
     */
    reconcileInput(input, stored) {
      if (input.pending !== null || input.id === null) return input;
      if (!stored || stored.id !== input.id) {
        const { file } = spec.names;
        throw new FieldValueError(`The ${file} '${input.id}' is not the ${file} of this field: send a new ${file} with 'data'`, 'id');
      }
      return spec.keepFromInput(input, stored);
    },

    async prepareForStorage(value, context) {
      const pending = value.pending;
      if (pending === null) return value;
      spec.beforeStore?.(pending);
      const stored = await context.storeBinary(pending, spec.kind);
      return {
        ...value,
        id: stored.key,
        uri: stored.uri,
        fileSize: stored.size,
        ...spec.storedProperties(pending, stored),
        pending: null,
      };
    },
  };
}
