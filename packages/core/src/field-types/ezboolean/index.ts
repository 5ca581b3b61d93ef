import { FieldValueError, type FieldType } from '../field-type.js';
import { invalidInput, toBoolean } from '../shared/decode.js';
import { intSearchData } from '../shared/search.js';
import { validateSettingsSchema, validateValidatorSchema } from '../shared/settings.js';

/** Value of a Checkbox field. */
export type CheckboxValue = boolean;

/**
 * Checkbox (`ezboolean` / `ibexa_boolean`). REST hash: `true`/`false`, never null; input also takes
 * `"true"`/`"false"` and `0`/`1`. Like Ibexa, a checkbox is never empty (so a required checkbox accepts
 * `false`). Name `1`/`0`; search: integer sort key 1/0.
 */
export const checkboxFieldType: FieldType<CheckboxValue> = {
  identifier: 'ezboolean',
  aliases: ['ibexa_boolean'],
  searchable: true,
  searchFamily: 'integer',

  emptyValue: () => false,
  isEmpty: () => false,
  fromHash(input) {
    if (input === null || input === undefined) return false;
    const value = toBoolean(input);
    if (value === undefined) throw invalidInput('a boolean (true or false)', input);
    return value;
  },
  toHash: (value) => value,
  validate: () => [],
  toStorage: (value) => value,
  fromStorage(data) {
    if (typeof data === 'boolean') return data;
    throw new FieldValueError('Invalid checkbox storage data: expected a boolean');
  },
  getName: (value) => (value ? '1' : '0'),
  toSearchData: (value) => intSearchData(value ? 1 : 0),

  defaultFieldSettings: () => ({}),
  defaultValidatorConfiguration: () => ({}),
  validateFieldSettings: (settings) => validateSettingsSchema(settings, {}),
  validateValidatorConfiguration: (configuration) => validateValidatorSchema(configuration, {}),
};
