import { hashStrings } from '../schema/hash.js';
import type { FieldTypeMapper } from './field-type-mapper.js';
import { withoutNulls } from './shared/lists.js';

/** Keywords (`ezkeyword`): a `[String]`, set from a `[String]` (null entries dropped). */
export const keywordMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezkeyword',
  valueType: '[String]',
  definitionType: 'FieldDefinition',
  inputType: '[String]',
  resolve: ({ hash }) => hashStrings(hash),
  toInput: withoutNulls,
};
