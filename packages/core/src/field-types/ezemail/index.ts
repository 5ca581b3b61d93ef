import type { FieldType } from '../field-type.js';
import { isValidEmail } from '../shared/email.js';
import { textSearchData } from '../shared/search.js';
import { validateSettingsSchema, validateValidatorSchema, validatorParameters } from '../shared/settings.js';
import { isBlank, textFromHash, textFromStorage } from '../shared/text.js';

/** Value of an E-mail address field: the address; the empty string is empty. */
export type EmailAddressValue = string;

/**
 * E-mail address (`ezemail` / `ibexa_email`). REST hash: the address or null. Validator
 * `EmailAddressValidator: {}` (optional `Extent: 'regex'`) checks the syntax when configured (it is by
 * default). Search: lower-cased string sort key and full text.
 */
export const emailAddressFieldType: FieldType<EmailAddressValue> = {
  identifier: 'ezemail',
  aliases: ['ibexa_email'],
  searchable: true,
  searchFamily: 'simpleText',

  emptyValue: () => '',
  isEmpty: (value) => isBlank(value),
  fromHash: (input) => textFromHash(input, 'an e-mail address').trim(),
  toHash: (value) => (isBlank(value) ? null : value),
  validate(value, definition) {
    if (validatorParameters(definition, 'EmailAddressValidator') === null || isValidEmail(value)) return [];
    return [{ target: 'email', message: 'The value must be a valid email address.' }];
  },
  toStorage: (value) => value,
  fromStorage: (data) => textFromStorage(data, 'e-mail address'),
  getName: (value) => value,
  toSearchData: (value) => textSearchData(value),

  defaultFieldSettings: () => ({}),
  defaultValidatorConfiguration: () => ({ EmailAddressValidator: {} }),
  validateFieldSettings: (settings) => validateSettingsSchema(settings, {}),
  validateValidatorConfiguration: (configuration) =>
    validateValidatorSchema(configuration, {
      EmailAddressValidator: {
        Extent: (value, name) =>
          value === false || value === 'regex' ? null : `Validator parameter '${name}' value must be regex for now`,
      },
    }),
};
