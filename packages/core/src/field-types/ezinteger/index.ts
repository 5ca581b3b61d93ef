import { FieldValueError, type FieldType } from '../field-type.js';
import { invalidInput, toInteger } from '../shared/decode.js';
import { intSearchData, NO_SEARCH_DATA } from '../shared/search.js';
import {
  numberParameter,
  parameterChecks,
  rangeErrors,
  validateSettingsSchema,
  validateValidatorSchema,
  validatorParameters,
} from '../shared/settings.js';

/** Value of an Integer field: a safe integer, or null when empty. */
export type IntegerValue = number | null;

/**
 * Integer (`ezinteger` / `ibexa_integer`, rest.md §4.3). Hash: the integer or null; numeric strings are cast.
 * Validator `IntegerValueValidator: {minIntegerValue, maxIntegerValue}` (null = no bound; Ibexa treats a
 * maximum of 0 as "no maximum"). Search: integer sort key.
 */
export const integerFieldType: FieldType<IntegerValue> = {
  identifier: 'ezinteger',
  aliases: ['ibexa_integer'],
  searchable: true,
  searchFamily: 'integer',

  emptyValue: () => null,
  isEmpty: (value) => value === null,
  fromHash(input) {
    if (input === null || input === undefined) return null;
    if (typeof input === 'string' && input.trim() === '') return null;
    const value = toInteger(input);
    if (value === undefined) throw invalidInput('an integer', input);
    return value;
  },
  toHash: (value) => value,

  validate(value, definition) {
    if (value === null) return [];
    const parameters = validatorParameters(definition, 'IntegerValueValidator');
    const max = numberParameter(parameters, 'maxIntegerValue');
    return rangeErrors(value, numberParameter(parameters, 'minIntegerValue'), max === 0 ? null : max);
  },

  toStorage: (value) => value,
  fromStorage(data) {
    if (data === null) return null;
    if (typeof data === 'number' && Number.isSafeInteger(data)) return data;
    throw new FieldValueError('Invalid integer storage data: expected an integer or null');
  },
  getName: (value) => (value === null ? '' : String(value)),
  toSearchData: (value) => (value === null ? NO_SEARCH_DATA : intSearchData(value, String(value))),

  defaultFieldSettings: () => ({}),
  defaultValidatorConfiguration: () => ({
    IntegerValueValidator: { minIntegerValue: null, maxIntegerValue: null },
  }),
  validateFieldSettings: (settings) => validateSettingsSchema(settings, {}),
  validateValidatorConfiguration: (configuration) =>
    validateValidatorSchema(configuration, {
      IntegerValueValidator: {
        minIntegerValue: parameterChecks.nullableInteger,
        maxIntegerValue: parameterChecks.nullableInteger,
      },
    }),
};
