import type { FieldType } from '../field-type.js';
import { toInteger } from '../shared/decode.js';
import { numberFieldType, type NumberValue } from '../shared/number-field-type.js';
import { intSearchData } from '../shared/search.js';
import { parameterChecks } from '../shared/settings.js';

/** Value of an Integer field: a safe integer, or null when empty. */
export type IntegerValue = NumberValue;

/**
 * Integer (`ezinteger` / `ibexa_integer`). REST hash: the integer or null; numeric strings are cast.
 * Validator `IntegerValueValidator: {minIntegerValue, maxIntegerValue}` (null = no bound; Ibexa treats a
 * maximum of 0 as "no maximum"). Search: integer sort key.
 */
export const integerFieldType: FieldType<IntegerValue> = numberFieldType({
  identifier: 'ezinteger',
  aliases: ['ibexa_integer'],
  searchFamily: 'integer',
  expected: 'an integer',
  decode: toInteger,
  isStored: Number.isSafeInteger,
  invalidStorage: 'Invalid integer storage data: expected an integer or null',
  validator: {
    name: 'IntegerValueValidator',
    min: 'minIntegerValue',
    max: 'maxIntegerValue',
    check: parameterChecks.nullableInteger,
    zeroMaxIsUnbounded: true,
  },
  toSearchData: (value) => intSearchData(value, String(value)),
});
