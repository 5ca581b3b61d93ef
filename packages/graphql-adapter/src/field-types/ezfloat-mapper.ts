import type { FieldTypeMapper } from './field-type-mapper.js';

/** Float (`ezfloat`): a `Float`, set from a `Float`; its definition has range constraints. */
export const floatMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezfloat',
  valueType: 'Float',
  definitionType: 'FloatFieldDefinition',
  inputType: 'Float',
  resolve: ({ hash }) => (typeof hash === 'number' ? hash : null),
  toInput: (input) => input,
};
