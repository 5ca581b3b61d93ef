import { describe, expect, it } from '@jest/globals';
import { buildFieldDefinition } from '../testing/field-definition.js';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { timeFieldType } from './index.js';

describeFieldTypeContract(timeFieldType, {
  inputs: [
    { input: 3600, expected: 3600 },
    { input: '3600', expected: 3600 },
    { input: '10:30', expected: 37800 },
    { input: '23:59:59', expected: 86399 },
    { input: 0, expected: 0 },
  ],
  storedValues: [0, 37800, 86399],
  invalidInputs: [{ input: 86400 }, { input: -1 }, { input: '24:00' }, { input: '10:60' }, { input: 1.5 }, { input: {} }],
  invalidStorage: [86400, '10:00'],
  validValues: [{ name: 'noon', value: 43200 }],
  validationFailures: [],
  invalidFieldSettings: [
    { settings: { defaultType: 'DEFAULT_CURRENT_DATE' }, messages: ["Setting 'defaultType' is of unknown type; expected one of: DEFAULT_EMPTY, DEFAULT_CURRENT_TIME"] },
  ],
});

describe('eztime specifics', () => {
  it('names the value HH:MM:SS and indexes the seconds', () => {
    expect(timeFieldType.getName(37805, buildFieldDefinition(timeFieldType), 'eng-GB')).toBe('10:30:05');
    expect(timeFieldType.toSearchData(37805).sortKeyInt).toBe(37805);
  });

  it('accepts Ibexa integer constants for defaultType', () => {
    expect(timeFieldType.validateFieldSettings({ defaultType: 1, useSeconds: true })).toEqual([]);
  });
});
