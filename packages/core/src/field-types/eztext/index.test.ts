import { describe, expect, it } from '@jest/globals';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { textBlockFieldType } from './index.js';

describeFieldTypeContract(textBlockFieldType, {
  inputs: [
    { input: 'Line one\nLine two', expected: 'Line one\nLine two' },
    { input: 7, expected: '7' },
    { input: false, expected: 'false' },
  ],
  storedValues: ['Line one\nLine two', 'x'],
  invalidInputs: [{ input: [] }, { input: {} }],
  invalidStorage: [true],
  validValues: [{ name: 'any text', value: 'x'.repeat(10_000) }],
  validationFailures: [],
  invalidFieldSettings: [{ settings: { textRows: 'ten' }, messages: ["Setting 'textRows' value must be of integer type"] }],
  invalidValidatorConfigurations: [
    { configuration: { StringLengthValidator: {} }, messages: ["Validator 'StringLengthValidator' is unknown"] },
  ],
});

describe('eztext specifics', () => {
  it('defaults to 10 editor rows', () => {
    expect(textBlockFieldType.defaultFieldSettings()).toEqual({ textRows: 10 });
  });

  it('indexes the text for full text search', () => {
    expect(textBlockFieldType.toSearchData('Hello World')).toEqual({
      sortKeyInt: null,
      sortKeyString: 'hello world',
      fullText: 'Hello World',
    });
  });
});
