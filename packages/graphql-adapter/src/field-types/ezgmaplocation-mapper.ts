import { hashRecord } from '../schema/hash.js';
import type { FieldTypeMapper } from './field-type-mapper.js';

/** Map location (`ezgmaplocation`): a `MapLocationFieldValue` from its hash, set from a `MapLocationFieldInput`. */
export const mapLocationMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezgmaplocation',
  valueType: 'MapLocationFieldValue',
  definitionType: 'FieldDefinition',
  inputType: 'MapLocationFieldInput',
  resolve: ({ hash }) => hashRecord(hash),
  toInput: (input) => input,
};
