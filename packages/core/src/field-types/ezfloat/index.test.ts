import { describe, expect, it } from '@jest/globals';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { floatFieldType, floatSortKey } from './index.js';

describeFieldTypeContract(floatFieldType, {
  inputs: [
    { input: 1.5, expected: 1.5 },
    { input: '1.500000', expected: 1.5 },
    { input: '-2e3', expected: -2000 },
    { input: 3, expected: 3 },
    { input: ' ', expected: null },
  ],
  storedValues: [1.5, -0.25, 0, 1e300],
  invalidInputs: [{ input: 'one' }, { input: Number.POSITIVE_INFINITY }, { input: '1,5' }, { input: {} }],
  invalidStorage: ['1.5'],
  validValues: [
    { name: 'a value in range', value: 0.5, validatorConfiguration: { FloatValueValidator: { minFloatValue: 0, maxFloatValue: 1 } } },
  ],
  validationFailures: [
    {
      name: 'a value outside both bounds of an inverted range',
      value: 0.5,
      validatorConfiguration: { FloatValueValidator: { minFloatValue: 1, maxFloatValue: 0.25 } },
      errors: [
        { target: 'range', message: 'The value can not be higher than 0.25.' },
        { target: 'range', message: 'The value can not be lower than 1.' },
      ],
    },
  ],
  invalidValidatorConfigurations: [
    {
      configuration: { FloatValueValidator: { minFloatValue: 'low' } },
      messages: ["Validator parameter 'minFloatValue' value must be of numeric type"],
    },
  ],
});

describe('floatSortKey', () => {
  it('orders keys as strings the way the numbers are ordered', () => {
    const numbers = [-1e300, -10, -9, -1.5, -0.001, 0, 0.001, 1.5, 9, 10, 1e300];
    const keys = numbers.map(floatSortKey);
    expect([...keys].sort()).toEqual(keys);
  });

  it('gives -0 and 0 the same 16-digit lower-case key', () => {
    expect(floatSortKey(-0)).toBe(floatSortKey(0));
    expect(floatSortKey(1.5)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('is the string sort key of a float field', () => {
    expect(floatFieldType.toSearchData(2.5)).toEqual({ sortKeyInt: null, sortKeyString: floatSortKey(2.5), fullText: '2.5' });
  });
});
