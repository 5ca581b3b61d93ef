import type { FieldTypeMapper } from './field-type-mapper.js';
import { withoutNulls } from './shared/lists.js';

/**
 * Country (`ezcountry`): the country names as one `String` (the field type's string form, `France, Poland`), set
 * from a `[String]` of codes or names (null entries dropped); its definition tells whether several are allowed.
 */
export const countryMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezcountry',
  valueType: 'String',
  definitionType: 'CountryFieldDefinition',
  inputType: '[String]',
  resolve: ({ fieldType, field, definition }) => {
    const name = fieldType.getName(field.value, definition, field.languageCode);
    return name === '' ? null : name;
  },
  toInput: withoutNulls,
};
