import { describe, expect, it } from '@jest/globals';
import { buildFieldDefinition } from '../testing/field-definition.js';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { integerFieldType } from './index.js';

describeFieldTypeContract(integerFieldType, {
  inputs: [
    { input: 42, expected: 42 },
    { input: '42', expected: 42 },
    { input: ' -7 ', expected: -7 },
    { input: '', expected: null },
    { input: 3.0, expected: 3 },
  ],
  storedValues: [0, 42, -1, Number.MAX_SAFE_INTEGER],
  invalidInputs: [
    { input: 1.5 },
    { input: '1.5' },
    { input: 'forty-two' },
    { input: true },
    { input: [1] },
    { input: 2 ** 60 },
  ],
  invalidStorage: [1.5, '1'],
  validValues: [
    { name: 'a value in range', value: 5, validatorConfiguration: { IntegerValueValidator: { minIntegerValue: 1, maxIntegerValue: 10 } } },
    { name: 'a maximum of 0 as "no maximum"', value: 500, validatorConfiguration: { IntegerValueValidator: { maxIntegerValue: 0 } } },
    { name: 'negative values without bounds', value: -500 },
  ],
  validationFailures: [
    {
      name: 'a value above the maximum',
      value: 11,
      validatorConfiguration: { IntegerValueValidator: { maxIntegerValue: 10 } },
      errors: [{ target: 'range', message: 'The value can not be higher than 10.' }],
    },
    {
      name: 'a value below the minimum',
      value: 0,
      validatorConfiguration: { IntegerValueValidator: { minIntegerValue: 1 } },
      errors: [{ target: 'range', message: 'The value can not be lower than 1.' }],
    },
  ],
  invalidValidatorConfigurations: [
    {
      configuration: { IntegerValueValidator: { minIntegerValue: 1.5, maxIntegerValue: 'x' } },
      messages: [
        "Validator parameter 'minIntegerValue' value must be of integer type",
        "Validator parameter 'maxIntegerValue' value must be of integer type",
      ],
    },
  ],
});

describe('ezinteger specifics', () => {
  it('indexes the integer in sortKeyInt', () => {
    expect(integerFieldType.toSearchData(-3)).toEqual({ sortKeyInt: -3, sortKeyString: null, fullText: '-3' });
  });

  it('names the field by its number', () => {
    expect(integerFieldType.getName(12, buildFieldDefinition(integerFieldType), 'eng-GB')).toBe('12');
  });
});
