import { FieldValueError } from '@contentrepo/core';
import { isArgMap, stringArg } from '../schema/args.js';
import { hashRecord, hashString } from '../schema/hash.js';
import { receiveUpload, type ReceivedFile } from '../uploads/received-file.js';
import type { FieldTypeMapper } from './field-type-mapper.js';

/** A binary file value for core: a new file from an upload. */
function pendingBinaryFile(file: ReceivedFile, fileName: string | undefined): Record<string, unknown> {
  const name = fileName?.trim() || file.fileName;
  return {
    id: null,
    uri: null,
    fileName: name,
    fileSize: null,
    mimeType: file.mimeType,
    downloadCount: 0,
    pending: { source: file.source, fileName: name, mimeType: file.mimeType },
  };
}

/**
 * Binary file (`ezbinaryfile`): a `BinaryFileFieldValue` from its hash (null without a stored file), set from a
 * `BinaryFieldInput` whose `file` upload is streamed to core (named `fileName`, else the upload's name).
 * `uploadFiles` creates files from uploads.
 */
export const binaryFileMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezbinaryfile',
  valueType: 'BinaryFileFieldValue',
  definitionType: 'BinaryFieldDefinition',
  inputType: 'BinaryFieldInput',
  resolve: ({ hash }) => {
    const record = hashRecord(hash);
    return record === null || hashString(record, 'uri') === null ? null : record;
  },
  toInput: async (input) => {
    if (!isArgMap(input)) throw new FieldValueError('Expected a BinaryFieldInput with a file', 'file');
    return pendingBinaryFile(await receiveUpload(input['file']), stringArg(input, 'fileName'));
  },
  fromUpload: (file) => pendingBinaryFile(file, undefined),
};
