import type { ValidationError } from '../../errors/repository-error.js';
import type { FieldType } from '../field-type.js';
import { textSearchData } from '../shared/search.js';
import {
  isHashMap,
  numberParameter,
  plural,
  validateValidatorSchema,
  validatorParameters,
  validateSettingsSchema,
  type HashMap,
} from '../shared/settings.js';
import { isBlank, textFromHash, textFromStorage } from '../shared/text.js';

/** Value of a Text line field: the text; the empty string (or whitespace only) is empty. */
export type TextLineValue = string;

/** Length of a string in characters (code points, like PHP's `mb_strlen`). */
function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Ibexa `StringLengthValidator` configuration checks, including min ≤ max. */
function validateStringLengthConfiguration(configuration: HashMap): ValidationError[] {
  const lengthCheck = (value: unknown, name: string): string | null => {
    if (value === null || value === false) return null;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      return `Validator parameter '${name}' value must be of integer type`;
    }
    return value < 0 ? `Validator parameter '${name}' value can't be negative` : null;
  };
  const errors = validateValidatorSchema(configuration, {
    StringLengthValidator: { minStringLength: lengthCheck, maxStringLength: lengthCheck },
  });
  const parameters = configuration['StringLengthValidator'];
  if (errors.length === 0 && isHashMap(parameters)) {
    const min = numberParameter(parameters, 'minStringLength');
    const max = numberParameter(parameters, 'maxStringLength');
    if (min !== null && max !== null && max !== 0 && min > max) {
      errors.push({
        target: '[StringLengthValidator]',
        message: "Validator parameter 'maxStringLength' can't be shorter than validator parameter 'minStringLength' value",
      });
    }
  }
  return errors;
}

/**
 * Text line (`ezstring` / `ibexa_string`). REST hash: the string or null; any scalar is cast to string.
 * Validator `StringLengthValidator: {minStringLength, maxStringLength}` (0/null = no limit), counted in
 * characters. Search: lower-cased string sort key and full text.
 */
export const textLineFieldType: FieldType<TextLineValue> = {
  identifier: 'ezstring',
  aliases: ['ibexa_string'],
  searchable: true,
  searchFamily: 'text',

  emptyValue: () => '',
  isEmpty: (value) => isBlank(value),
  fromHash: (input) => textFromHash(input, 'a text line'),
  toHash: (value) => (isBlank(value) ? null : value),

  validate(value, definition) {
    const errors: ValidationError[] = [];
    const parameters = validatorParameters(definition, 'StringLengthValidator');
    const length = characterCount(value);
    const max = numberParameter(parameters, 'maxStringLength');
    const min = numberParameter(parameters, 'minStringLength');
    if (max !== null && max !== 0 && length > max) {
      errors.push({
        target: 'length',
        message: `The string cannot exceed ${max} ${plural(max, 'character', 'characters')}.`,
      });
    }
    if (min !== null && min !== 0 && length < min) {
      errors.push({
        target: 'length',
        message: `The string cannot be shorter than ${min} ${plural(min, 'character', 'characters')}.`,
      });
    }
    return errors;
  },

  toStorage: (value) => value,
  fromStorage: (data) => textFromStorage(data, 'text line'),
  getName: (value) => value,
  toSearchData: (value) => textSearchData(value),

  defaultFieldSettings: () => ({}),
  defaultValidatorConfiguration: () => ({
    StringLengthValidator: { minStringLength: 0, maxStringLength: null },
  }),
  validateFieldSettings: (settings) => validateSettingsSchema(settings, {}),
  validateValidatorConfiguration: (configuration) => validateStringLengthConfiguration(configuration),
};
