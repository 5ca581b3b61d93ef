import type { FieldTypeMapper } from './field-type-mapper.js';

/** Integer (`ezinteger`): an `Int`, set from an `Int`; its definition has range constraints. */
export const integerMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezinteger',
  valueType: 'Int',
  definitionType: 'IntegerFieldDefinition',
  inputType: 'Int',
  resolve: ({ hash }) => (typeof hash === 'number' ? hash : null),
  toInput: (input) => input,
};
