import type { FieldTypeMapper } from './field-type-mapper.js';

/** Text line (`ezstring`): a `String`, set from a `String`; its definition has length constraints. */
export const textLineMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezstring',
  valueType: 'String',
  definitionType: 'TextLineFieldDefinition',
  inputType: 'String',
  resolve: ({ hash }) => (typeof hash === 'string' ? hash : null),
  toInput: (input) => input,
};
