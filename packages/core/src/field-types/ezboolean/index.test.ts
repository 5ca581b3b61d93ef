import { describe, expect, it } from '@jest/globals';
import { buildFieldDefinition } from '../testing/field-definition.js';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { checkboxFieldType } from './index.js';

describeFieldTypeContract(checkboxFieldType, {
  emptyValueIsEmpty: false,
  inputs: [
    { input: true, expected: true },
    { input: false, expected: false },
    { input: 'TRUE', expected: true },
    { input: 'false', expected: false },
    { input: 1, expected: true },
    { input: 0, expected: false },
    { input: '1', expected: true },
  ],
  storedValues: [true],
  storageOnlyValues: [false],
  invalidInputs: [{ input: 'yes' }, { input: 2 }, { input: [] }],
  invalidStorage: [1, 'true', null],
  validValues: [{ name: 'false', value: false }, { name: 'true', value: true }],
  validationFailures: [],
});

describe('ezboolean specifics', () => {
  it('is never empty, like Ibexa, so a required checkbox accepts false', () => {
    expect(checkboxFieldType.isEmpty(false)).toBe(false);
    expect(checkboxFieldType.toHash(false)).toBe(false);
  });

  it("names the field '1' or '0' and indexes 1 or 0", () => {
    const definition = buildFieldDefinition(checkboxFieldType);
    expect(checkboxFieldType.getName(true, definition, 'eng-GB')).toBe('1');
    expect(checkboxFieldType.getName(false, definition, 'eng-GB')).toBe('0');
    expect(checkboxFieldType.toSearchData(true).sortKeyInt).toBe(1);
    expect(checkboxFieldType.toSearchData(false).sortKeyInt).toBe(0);
  });
});
