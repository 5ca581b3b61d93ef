import { describe, expect, it } from '@jest/globals';
import { buildFieldDefinition } from '../testing/field-definition.js';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { textLineFieldType } from './index.js';

describeFieldTypeContract(textLineFieldType, {
  inputs: [
    { input: 'Forms', expected: 'Forms' },
    { input: 42, expected: '42' },
    { input: 1.5, expected: '1.5' },
    { input: true, expected: 'true' },
    { input: '', expected: '' },
  ],
  storedValues: ['Forms', ' padded ', 'ünïcødé ✓'],
  invalidInputs: [{ input: ['a'] }, { input: { text: 'a' } }, { input: Number.NaN }],
  invalidStorage: [42, ['a']],
  validValues: [
    { name: 'a string within the limits', value: 'abcde', validatorConfiguration: { StringLengthValidator: { minStringLength: 5, maxStringLength: 5 } } },
    { name: 'any length without limits', value: 'x'.repeat(1000), validatorConfiguration: { StringLengthValidator: { minStringLength: 0, maxStringLength: null } } },
    { name: 'a maximum of 0 as "no maximum"', value: 'x'.repeat(300), validatorConfiguration: { StringLengthValidator: { maxStringLength: 0 } } },
    { name: 'characters, not UTF-16 units', value: '😀😀', validatorConfiguration: { StringLengthValidator: { maxStringLength: 2 } } },
  ],
  validationFailures: [
    {
      name: 'a too long string',
      value: 'x'.repeat(256),
      validatorConfiguration: { StringLengthValidator: { maxStringLength: 255 } },
      errors: [{ target: 'length', message: 'The string cannot exceed 255 characters.' }],
    },
    {
      name: 'a too short string',
      value: 'abc',
      validatorConfiguration: { StringLengthValidator: { minStringLength: 5 } },
      errors: [{ target: 'length', message: 'The string cannot be shorter than 5 characters.' }],
    },
    {
      name: 'the singular form',
      value: 'ab',
      validatorConfiguration: { StringLengthValidator: { maxStringLength: 1 } },
      errors: [{ target: 'length', message: 'The string cannot exceed 1 character.' }],
    },
  ],
  invalidValidatorConfigurations: [
    {
      configuration: { StringLengthValidator: { maxStringLength: 'ten' } },
      messages: ["Validator parameter 'maxStringLength' value must be of integer type"],
    },
    {
      configuration: { StringLengthValidator: { minStringLength: -1 } },
      messages: ["Validator parameter 'minStringLength' value can't be negative"],
    },
    {
      configuration: { StringLengthValidator: { minStringLength: 10, maxStringLength: 5 } },
      messages: ["Validator parameter 'maxStringLength' can't be shorter than validator parameter 'minStringLength' value"],
    },
    {
      configuration: { StringLengthValidator: { length: 5 } },
      messages: ["Validator parameter 'length' is unknown"],
    },
  ],
});

describe('ezstring specifics', () => {
  it('treats whitespace-only text as empty and outputs null for it', () => {
    expect(textLineFieldType.isEmpty('   ')).toBe(true);
    expect(textLineFieldType.toHash('   ')).toBeNull();
  });

  it('indexes a lower-cased sort key of at most 255 characters and the original text', () => {
    const data = textLineFieldType.toSearchData(`ÄBC${'x'.repeat(300)}`);
    expect(data.sortKeyString).toBe(`äbc${'x'.repeat(252)}`);
    expect(data.fullText).toBe(`ÄBC${'x'.repeat(300)}`);
    expect(data.sortKeyInt).toBeNull();
  });

  it('reports both limits when the definition is inconsistent with the value', () => {
    const definition = buildFieldDefinition(textLineFieldType, {
      validatorConfiguration: { StringLengthValidator: { minStringLength: 3, maxStringLength: 1 } },
    });
    expect(textLineFieldType.validate('ab', definition).map((error) => error.message)).toEqual([
      'The string cannot exceed 1 character.',
      'The string cannot be shorter than 3 characters.',
    ]);
  });
});
