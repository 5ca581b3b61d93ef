import type { FieldTypeMapper } from './field-type-mapper.js';

/** Text block (`eztext`): a `String`, set from a `String`. */
export const textBlockMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'eztext',
  valueType: 'String',
  definitionType: 'TextBlockFieldDefinition',
  inputType: 'String',
  resolve: ({ hash }) => (typeof hash === 'string' ? hash : null),
  toInput: (input) => input,
};
