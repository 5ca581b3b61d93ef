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
import { invalidInput, isRecord, rejectUnknownKeys, toInteger, type UnknownRecord } from '../shared/decode.js';
import { NO_SEARCH_DATA } from '../shared/search.js';
import { parameterChecks, validateSettingsSchema, validateValidatorSchema, type SettingCheck } from '../shared/settings.js';
import { detectMimeType, isMimeType, sniffMimeType } from '../../domain/files/mime-type-detection.js';
import { fileSizeErrors, isEmptyFile, storedFileFromHash, storedFileMembers, type StoredFileValue } from '../shared/stored-file.js';

/** How a Media field's file is played (Ibexa `Media\Value`): player controls, autoplay, loop and size in pixels. */
export interface MediaPlayerSettings {
  readonly hasController: boolean;
  readonly autoplay: boolean;
  readonly loop: boolean;
  /** Pixels; 0 = the file's own size. */
  readonly width: number;
  readonly height: number;
}

/**
 * Value of a Media field: a stored video or audio file (`id` under `files/`, `uri`) or a new upload (`pending`)
 * until `prepareForStorage` stores it, with its player settings. Empty: no `id` and no `pending`.
 */
export interface MediaValue extends StoredFileValue, MediaPlayerSettings {}

/**
 * The `mediaType` setting's values (Ibexa `Media\Type::TYPE_*`), REST name → Ibexa constant. REST shows and takes
 * the names (Ibexa's `MediaProcessor`); the constants are accepted on input too.
 */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  TYPE_FLASH: 'flash',
  TYPE_QUICKTIME: 'quick_time',
  TYPE_REALPLAYER: 'real_player',
  TYPE_SILVERLIGHT: 'silverlight',
  TYPE_WINDOWSMEDIA: 'windows_media_player',
  TYPE_HTML5_VIDEO: 'html5_video',
  TYPE_HTML5_AUDIO: 'html5_audio',
};

const DEFAULT_PLAYER: MediaPlayerSettings = { hasController: false, autoplay: false, loop: false, width: 0, height: 0 };

const EMPTY_MEDIA: MediaValue = {
  id: null,
  uri: null,
  fileName: '',
  fileSize: null,
  mimeType: null,
  pending: null,
  ...DEFAULT_PLAYER,
};

const PLAYER_KEYS = ['hasController', 'autoplay', 'loop', 'width', 'height'] as const;
const HASH_KEYS = ['id', 'fileName', 'fileSize', 'mimeType', 'uri', 'data', ...PLAYER_KEYS, ...REST_ONLY_FILE_KEYS];

function flag(record: UnknownRecord, key: string, fallback: boolean): boolean {
  const value = record[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  throw invalidInput(`media '${key}' to be a boolean`, value, key);
}

function size(record: UnknownRecord, key: string, fallback: number): number {
  const value = record[key];
  if (value === undefined || value === null || value === '') return fallback;
  const number = toInteger(value);
  if (number === undefined || number < 0) throw invalidInput(`media '${key}' to be a non-negative integer (pixels)`, value, key);
  return number;
}

/** The player settings of input or stored data; absent keys keep `base`'s. @throws FieldValueError */
function playerFrom(record: UnknownRecord, base: MediaPlayerSettings): MediaPlayerSettings {
  return {
    hasController: flag(record, 'hasController', base.hasController),
    autoplay: flag(record, 'autoplay', base.autoplay),
    loop: flag(record, 'loop', base.loop),
    width: size(record, 'width', base.width),
    height: size(record, 'height', base.height),
  };
}

function declaredMimeType(record: UnknownRecord): string | null {
  const mimeType = optionalText(record, 'mimeType', 'media');
  if (mimeType === null || mimeType === '') return null;
  if (!isMimeType(mimeType)) throw invalidInput("media 'mimeType' to be a MIME type such as video/mp4", mimeType, 'mimeType');
  return mimeType.toLowerCase();
}

/** A new file from `{fileName, data, mimeType?, …player settings}`. */
function newFile(record: UnknownRecord): MediaValue {
  const fileName = fileNameFrom(record, 'media');
  const bytes = decodeUploadData(record, 'media');
  const declared = declaredMimeType(record);
  return {
    ...EMPTY_MEDIA,
    ...playerFrom(record, DEFAULT_PLAYER),
    fileName,
    fileSize: bytes.length,
    mimeType: declared ?? detectMimeType(bytes, fileName),
    pending: declared === null ? { source: bytes, fileName } : { source: bytes, fileName, mimeType: declared },
  };
}

/** The value from a resent stored hash (no `data`), or from storage / the native value (`pending` given). */
function existingFile(record: UnknownRecord, pending: PendingBinary | null): MediaValue {
  return {
    id: pending === null ? storedFileIdFrom(record, 'Media') : optionalText(record, 'id', 'media'),
    uri: optionalText(record, 'uri', 'media'),
    fileName: fileNameFrom(record, 'media'),
    fileSize: optionalNonNegative(record, 'fileSize', 'media'),
    mimeType: declaredMimeType(record),
    pending,
    ...playerFrom(record, DEFAULT_PLAYER),
  };
}

/** `mediaType`: one of the REST names or Ibexa constants of {@link MEDIA_TYPES}. */
const mediaTypeCheck: SettingCheck = (value, name) =>
  typeof value === 'string' && (Object.hasOwn(MEDIA_TYPES, value) || Object.values(MEDIA_TYPES).includes(value))
    ? null
    : `Setting '${name}' is of unknown type`;

/**
 * Media (`ezmedia` / `ibexa_media`): a video or audio file with player settings, stored like a binary file
 * (Ibexa's `BinaryBase`). REST hash out `{id, path: null, inputUri: null, fileName, fileSize, mimeType, uri,
 * hasController, autoplay, loop, width, height}` or null (Ibexa has no REST processor changing it); input a new
 * file `{fileName, data: <base64>, fileSize?, mimeType?}` or the resent stored hash kept by `id`, each with optional
 * player settings (booleans; `width`/`height` non-negative integers, default false and 0). A resent file keeps the
 * stored file's metadata and takes the file name and player settings from the input. Setting `mediaType`
 * (`TYPE_HTML5_VIDEO` by default; see {@link MEDIA_TYPES}); validator `FileSizeValidator: {maxFileSize}`
 * (megabytes). Name: the file name. Not searchable (Ibexa's Media type is not).
 */
export const mediaFieldType: FieldType<MediaValue> = {
  identifier: 'ezmedia',
  aliases: ['ibexa_media'],
  searchable: false,

  emptyValue: () => EMPTY_MEDIA,
  fromHash(input) {
    return storedFileFromHash(input, { empty: EMPTY_MEDIA, noun: 'media', hashKeys: HASH_KEYS, existing: existingFile, created: newFile });
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
      hasController: value.hasController,
      autoplay: value.autoplay,
      loop: value.loop,
      width: value.width,
      height: value.height,
    };
  },

  validate: fileSizeErrors,
  getName: (value) => value.fileName,
  toSearchData: () => NO_SEARCH_DATA,

  ...storedFileMembers<MediaValue>({
    kind: 'files',
    names: { value: 'Media', storage: 'media', file: 'file' },
    empty: EMPTY_MEDIA,
    storageExtras: (value) => ({
      hasController: value.hasController,
      autoplay: value.autoplay,
      loop: value.loop,
      width: value.width,
      height: value.height,
    }),
    fromStoredRecord: (record) => existingFile(record, null),
    /** The file name and the player settings may change. */
    keepFromInput: (input, stored) => ({
      ...stored,
      fileName: input.fileName || stored.fileName,
      hasController: input.hasController,
      autoplay: input.autoplay,
      loop: input.loop,
      width: input.width,
      height: input.height,
    }),
    /** The declared MIME type, else the one sniffed from the stored bytes, else the storage's (by extension). */
    storedProperties: (pending, stored) => ({
      mimeType: pending.mimeType ?? sniffMimeType(stored.head, pending.fileName) ?? stored.mimeType,
    }),
  }),

  defaultFieldSettings: () => ({ mediaType: 'TYPE_HTML5_VIDEO' }),
  defaultValidatorConfiguration: () => ({ FileSizeValidator: { maxFileSize: null } }),
  validateFieldSettings: (settings) => validateSettingsSchema(settings, { mediaType: mediaTypeCheck }),
  validateValidatorConfiguration: (configuration) =>
    validateValidatorSchema(configuration, { FileSizeValidator: { maxFileSize: parameterChecks.nullableInteger } }),
};
