import { FieldValueError } from '@contentrepo/core';
import { booleanArg, intArg, isArgMap, stringArg, type ArgMap } from '../schema/args.js';
import { hashRecord, hashString } from '../schema/hash.js';
import { receiveUpload } from '../uploads/received-file.js';
import type { FieldTypeMapper } from './field-type-mapper.js';

const PLAYER_SETTINGS = ['hasController', 'autoplay', 'loop', 'width', 'height'] as const;

/** The player settings the input gives (absent ones left out). */
function playerSettings(input: ArgMap): Record<string, boolean | number> {
  const settings: Record<string, boolean | number> = {};
  for (const key of PLAYER_SETTINGS) {
    const value = key === 'width' || key === 'height' ? intArg(input, key) : booleanArg(input, key);
    if (value !== undefined) settings[key] = value;
  }
  return settings;
}

/**
 * Media (`ezmedia`): a `MediaFieldValue` (the file and its player settings; null without a stored file), set from a
 * `MediaFieldInput`: a new file from its `file` upload (named `fileName`, else the upload's name) or — on update,
 * without `file` — the stored file with its player settings changed.
 */
export const mediaMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezmedia',
  valueType: 'MediaFieldValue',
  definitionType: 'BinaryFieldDefinition',
  inputType: 'MediaFieldInput',
  resolve: ({ hash }) => {
    const record = hashRecord(hash);
    return record === null || hashString(record, 'uri') === null ? null : record;
  },
  toInput: async (input, { stored }) => {
    if (!isArgMap(input)) throw new FieldValueError('Expected a MediaFieldInput', 'file');
    const fileName = stringArg(input, 'fileName');
    if (input['file'] !== undefined && input['file'] !== null) {
      const file = await receiveUpload(input['file']);
      const name = fileName?.trim() || file.fileName;
      return {
        id: null,
        uri: null,
        fileName: name,
        fileSize: null,
        mimeType: file.mimeType,
        hasController: false,
        autoplay: false,
        loop: false,
        width: 0,
        height: 0,
        ...playerSettings(input),
        pending: { source: file.source, fileName: name, mimeType: file.mimeType },
      };
    }
    const current = stored === null ? null : await stored();
    if (typeof current !== 'object' || current === null || Array.isArray(current)) throw new FieldValueError('A media file is required', 'file');
    return { ...current, ...(fileName === undefined ? {} : { fileName }), ...playerSettings(input) };
  },
};
