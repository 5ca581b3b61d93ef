import type { FieldType } from '../field-type.js';
import { toFiniteNumber } from '../shared/decode.js';
import { numberFieldType, type NumberValue } from '../shared/number-field-type.js';
import { parameterChecks } from '../shared/settings.js';

/** Value of a Float field: a finite number, or null when empty. */
export type FloatValue = NumberValue;

/**
 * The sort key of a float: 16 lower-case hex digits of the IEEE 754 bits, transformed so that comparing the
 * keys as strings orders them like the numbers (sign bit flipped for positives, all bits inverted for
 * negatives; -0 counts as 0). Legacy keeps floats in `sort_key_string`, where a plain decimal
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
 * Float (`ezfloat` / `ibexa_float`). REST hash: the number or null; numeric strings are cast.
 * Validator `FloatValueValidator: {minFloatValue, maxFloatValue}` (null = no bound). Search: `floatSortKey`
 * as the string sort key, the decimal text as full text.
 */
export const floatFieldType: FieldType<FloatValue> = numberFieldType({
  identifier: 'ezfloat',
  aliases: ['ibexa_float'],
  searchFamily: 'float',
  expected: 'a number',
  decode: toFiniteNumber,
  isStored: Number.isFinite,
  invalidStorage: 'Invalid float storage data: expected a number or null',
  validator: {
    name: 'FloatValueValidator',
    min: 'minFloatValue',
    max: 'maxFloatValue',
    check: parameterChecks.nullableNumber,
    zeroMaxIsUnbounded: false,
  },
  toSearchData: (value) => ({ sortKeyInt: null, sortKeyString: floatSortKey(value), fullText: String(value) }),
});
