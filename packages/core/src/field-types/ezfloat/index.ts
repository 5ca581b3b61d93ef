import { FieldValueError, type FieldType } from '../field-type.js';
import { invalidInput, toFiniteNumber } from '../shared/decode.js';
import { NO_SEARCH_DATA } from '../shared/search.js';
import {
  numberParameter,
  parameterChecks,
  rangeErrors,
  validateSettingsSchema,
  validateValidatorSchema,
  validatorParameters,
} from '../shared/settings.js';

/** Value of a Float field: a finite number, or null when empty. */
export type FloatValue = number | null;

/**
 * The sort key of a float: 16 lower-case hex digits of the IEEE 754 bits, transformed so that comparing the
 * keys as strings orders them like the numbers (sign bit flipped for positives, all bits inverted for
 * negatives; -0 counts as 0). Legacy keeps floats in `sort_key_string` (rest.md A.8), where a plain decimal
 * string would sort `10` before `9`; search adapters encode criterion values with this same function.
 */
export function floatSortKey(value: number): string {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value === 0 ? 0 : value);
  const bits = view.getBigUint64(0);
  const signBit = 1n << 63n;
  const sortable = (bits & signBit) === 0n ? bits | signBit : ~bits & 0xffff_ffff_ffff_ffffn;
  return sortable.toString(16).padStart(16, '0');
}

/**
 * Float (`ezfloat` / `ibexa_float`, rest.md §4.3). Hash: the number or null; numeric strings are cast.
 * Validator `FloatValueValidator: {minFloatValue, maxFloatValue}` (null = no bound). Search: `floatSortKey`
 * as the string sort key, the decimal text as full text.
 */
export const floatFieldType: FieldType<FloatValue> = {
  identifier: 'ezfloat',
  aliases: ['ibexa_float'],
  searchable: true,
  searchFamily: 'float',

  emptyValue: () => null,
  isEmpty: (value) => value === null,
  fromHash(input) {
    if (input === null || input === undefined) return null;
    if (typeof input === 'string' && input.trim() === '') return null;
    const value = toFiniteNumber(input);
    if (value === undefined) throw invalidInput('a number', input);
    return value;
  },
  toHash: (value) => value,

  validate(value, definition) {
    if (value === null) return [];
    const parameters = validatorParameters(definition, 'FloatValueValidator');
    return rangeErrors(value, numberParameter(parameters, 'minFloatValue'), numberParameter(parameters, 'maxFloatValue'));
  },

  toStorage: (value) => value,
  fromStorage(data) {
    if (data === null) return null;
    if (typeof data === 'number' && Number.isFinite(data)) return data;
    throw new FieldValueError('Invalid float storage data: expected a number or null');
  },
  getName: (value) => (value === null ? '' : String(value)),
  toSearchData: (value) =>
    value === null ? NO_SEARCH_DATA : { sortKeyInt: null, sortKeyString: floatSortKey(value), fullText: String(value) },

  defaultFieldSettings: () => ({}),
  defaultValidatorConfiguration: () => ({
    FloatValueValidator: { minFloatValue: null, maxFloatValue: null },
  }),
  validateFieldSettings: (settings) => validateSettingsSchema(settings, {}),
  validateValidatorConfiguration: (configuration) =>
    validateValidatorSchema(configuration, {
      FloatValueValidator: {
        minFloatValue: parameterChecks.nullableNumber,
        maxFloatValue: parameterChecks.nullableNumber,
      },
    }),
};
