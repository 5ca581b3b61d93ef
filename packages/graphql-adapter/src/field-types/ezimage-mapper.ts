import { FieldValueError, type ContentInfo } from '@contentrepo/core';
import type { ImageSource } from '../resolvers/resolver-values.js';
import { isArgMap, stringArg } from '../schema/args.js';
import { hashNumber, hashRecord, hashString } from '../schema/hash.js';
import { receiveUpload, type ReceivedFile } from '../uploads/received-file.js';
import type { FieldTypeMapper } from './field-type-mapper.js';

/** An image value for core: a new file from an upload, with its texts. */
function pendingImage(file: ReceivedFile, fileName: string | undefined, alternativeText: string | undefined): Record<string, unknown> {
  const name = fileName?.trim() || file.fileName;
  return {
    id: null,
    uri: null,
    fileName: name,
    fileSize: null,
    mimeType: file.mimeType,
    width: null,
    height: null,
    alternativeText: alternativeText ?? '',
    additionalData: {},
    pending: { source: file.source, fileName: name, mimeType: file.mimeType },
  };
}

function imageSource(hash: ImageSource['hash'], contentInfo: ContentInfo, fieldId: number, versionNo: number): ImageSource {
  return { hash, contentId: contentInfo.id, fieldId, versionNo, modificationDate: contentInfo.modificationDate };
}

/**
 * Image (`ezimage`): an `ImageFieldValue` (null without a stored file), set from an `ImageFieldInput`: a new file
 * from its `file` upload (named `name`, else the upload's name), or — on update, without `file` — the stored image
 * with its `name`/`alternativeText` changed. `uploadFiles` creates images from uploads; an image field of a
 * thumbnail definition gives the item's `_thumbnail`.
 */
export const imageMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezimage',
  valueType: 'ImageFieldValue',
  definitionType: 'BinaryFieldDefinition',
  inputType: 'ImageFieldInput',
  resolve: ({ hash, content, field }) => {
    const record = hashRecord(hash);
    return record === null || hashString(record, 'uri') === null ? null : imageSource(record, content.contentInfo, field.id, content.versionInfo.versionNo);
  },
  toInput: async (input, { stored }) => {
    if (!isArgMap(input)) throw new FieldValueError('Expected an ImageFieldInput', 'file');
    const alternativeText = stringArg(input, 'alternativeText');
    const name = stringArg(input, 'name');
    if (input['file'] !== undefined && input['file'] !== null) {
      return pendingImage(await receiveUpload(input['file']), name, alternativeText);
    }
    const current = stored === null ? null : await stored();
    if (typeof current !== 'object' || current === null || Array.isArray(current)) {
      throw new FieldValueError('An image file is required', 'file');
    }
    return {
      ...current,
      ...(name === undefined ? {} : { fileName: name }),
      ...(alternativeText === undefined ? {} : { alternativeText }),
    };
  },
  fromUpload: (file) => pendingImage(file, undefined, undefined),
  thumbnail: (hash) => {
    const record = hashRecord(hash);
    if (record === null || hashString(record, 'uri') === null) return null;
    return {
      uri: hashString(record, 'uri'),
      width: hashNumber(record, 'width'),
      height: hashNumber(record, 'height'),
      alternativeText: hashString(record, 'alternativeText'),
      mimeType: hashString(record, 'mime'),
    };
  },
};
