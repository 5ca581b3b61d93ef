import type { FieldTypeMapper } from './field-type-mapper.js';

/** Checkbox (`ezboolean`): a `Boolean`, set from a `Boolean`. */
export const checkboxMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezboolean',
  valueType: 'Boolean',
  definitionType: 'CheckboxFieldDefinition',
  inputType: 'Boolean',
  resolve: ({ hash }) => (typeof hash === 'boolean' ? hash : null),
  toInput: (input) => input,
};
