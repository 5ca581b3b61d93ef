import { FieldValueError, type FieldSearchData, type FieldSearchFamily, type FieldType } from '../field-type.js';
import { invalidInput } from './decode.js';
import { NO_SEARCH_DATA } from './search.js';
import {
  numberParameter,
  type ParameterCheck,
  rangeErrors,
  validateSettingsSchema,
  validateValidatorSchema,
  validatorParameters,
} from './settings.js';

/**
 * What the Integer and Float types share (Ibexa's numeric field types): a value is a number or null (empty); the
 * hash and the storage data are the number itself; input may be a numeric string, and an empty string is empty;
 * no settings; one value validator with a minimum and a maximum (null: no bound); the name is the number's text.
 */

/** The value of a numeric field: a number, or null when empty. */
export type NumberValue = number | null;

/** What a numeric type adds to the shared skeleton. */
export interface NumberFieldTypeSpec {
  readonly identifier: string;
  readonly aliases: readonly string[];
  readonly searchFamily: FieldSearchFamily;
  /** What input must be, in the `fromHash` error: `an integer`, `a number`. */
  readonly expected: string;
  /** The number an input stands for (numbers and numeric strings), or undefined when it stands for none of this type. */
  decode(input: unknown): number | undefined;
  /** Whether a stored number is one this type writes (a safe integer, a finite number). */
  isStored(data: number): boolean;
  /** The `fromStorage` error for other data, e.g. `Invalid integer storage data: expected an integer or null`. */
  readonly invalidStorage: string;
  /** The value validator: its name, its bound parameters, their check; a maximum of 0 may mean "no maximum". */
  readonly validator: {
    readonly name: string;
    readonly min: string;
    readonly max: string;
    readonly check: ParameterCheck;
    readonly zeroMaxIsUnbounded: boolean;
  };
  /** The index data of a (non-empty) value. */
  toSearchData(value: number): FieldSearchData;
}

/** A numeric field type (see the module docstring) from what is its own. */
export function numberFieldType(spec: NumberFieldTypeSpec): FieldType<NumberValue> {
  const { validator } = spec;
  return {
    identifier: spec.identifier,
    aliases: spec.aliases,
    searchable: true,
    searchFamily: spec.searchFamily,

    emptyValue: () => null,
    isEmpty: (value) => value === null,
    fromHash(input) {
      if (input === null || input === undefined) return null;
      if (typeof input === 'string' && input.trim() === '') return null;
      const value = spec.decode(input);
      if (value === undefined) throw invalidInput(spec.expected, input);
      return value;
    },
    toHash: (value) => value,

    validate(value, definition) {
      if (value === null) return [];
      const parameters = validatorParameters(definition, validator.name);
      const max = numberParameter(parameters, validator.max);
      return rangeErrors(value, numberParameter(parameters, validator.min), validator.zeroMaxIsUnbounded && max === 0 ? null : max);
    },

    toStorage: (value) => value,
    fromStorage(data) {
      if (data === null) return null;
      if (typeof data === 'number' && spec.isStored(data)) return data;
      throw new FieldValueError(spec.invalidStorage);
    },
    getName: (value) => (value === null ? '' : String(value)),
    toSearchData: (value) => (value === null ? NO_SEARCH_DATA : spec.toSearchData(value)),

    defaultFieldSettings: () => ({}),
    defaultValidatorConfiguration: () => ({ [validator.name]: { [validator.min]: null, [validator.max]: null } }),
    validateFieldSettings: (settings) => validateSettingsSchema(settings, {}),
    validateValidatorConfiguration: (configuration) =>
      validateValidatorSchema(configuration, { [validator.name]: { [validator.min]: validator.check, [validator.max]: validator.check } }),
  };
}
