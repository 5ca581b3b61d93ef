import { isArgMap, stringArg } from '../schema/args.js';
import { hashNumber, hashRecord } from '../schema/hash.js';
import type { FieldTypeMapper } from './field-type-mapper.js';

/**
 * Date (`ezdate`): a `DateTime` from the hash's `timestamp` (Unix seconds), set from a `DateFieldInput`
 * `{ format, input }` handed to core as `{ <format>: input }` (`format` defaults to `timestring`; a numeric
 * `timestamp` input becomes a number), the date hash forms core's field type accepts.
 */
export const dateMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezdate',
  valueType: 'DateTime',
  definitionType: 'FieldDefinition',
  inputType: 'DateFieldInput',
  resolve: ({ hash }) => {
    const seconds = hashNumber(hashRecord(hash), 'timestamp');
    return seconds === null ? null : new Date(seconds * 1000);
  },
  toInput: (input) => {
    if (!isArgMap(input)) return input;
    const format = stringArg(input, 'format') ?? 'timestring';
    const value = stringArg(input, 'input');
    if (value === undefined) return null;
    return { [format]: format === 'timestamp' && /^-?\d+$/.test(value.trim()) ? Number(value) : value };
  },
};
