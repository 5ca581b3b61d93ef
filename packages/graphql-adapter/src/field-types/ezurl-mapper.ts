import { hashRecord, hashString } from '../schema/hash.js';
import type { FieldTypeMapper } from './field-type-mapper.js';

/** URL (`ezurl`): an `UrlFieldValue` (`link`, `text`; null without a link), set from an `UrlFieldInput`. */
export const urlMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezurl',
  valueType: 'UrlFieldValue',
  definitionType: 'FieldDefinition',
  inputType: 'UrlFieldInput',
  resolve: ({ hash }) => {
    const record = hashRecord(hash);
    return record === null || !hashString(record, 'link') ? null : record;
  },
  toInput: (input) => input,
};
