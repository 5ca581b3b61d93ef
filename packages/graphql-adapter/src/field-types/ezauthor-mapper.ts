import { isArgMap } from '../schema/args.js';
import { hashList, hashRecord } from '../schema/hash.js';
import type { FieldTypeMapper } from './field-type-mapper.js';

/**
 * Authors (`ezauthor`): an `[AuthorFieldValue]`, set from an `[AuthorInput]`. An author without an id, or with a
 * negative one, is passed without it, so core gives it the next free id (Ibexa's author ids).
 */
export const authorMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezauthor',
  valueType: '[AuthorFieldValue]',
  definitionType: 'FieldDefinition',
  inputType: '[AuthorInput]',
  resolve: ({ hash }) =>
    hashList(hash).flatMap((entry) => {
      const author = hashRecord(entry);
      return author === null ? [] : [author];
    }),
  toInput: (input) =>
    (Array.isArray(input) ? input : [input]).filter(isArgMap).map((author) => {
      const { id, ...rest } = author;
      return typeof id === 'number' && id >= 0 ? { id, ...rest } : rest;
    }),
};
