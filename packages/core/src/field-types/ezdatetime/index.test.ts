import { describe, expect, it } from '@jest/globals';
import { buildFieldDefinition } from '../testing/field-definition.js';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { dateTimeFieldType } from './index.js';

const instant = new Date('2023-02-06T10:20:30Z');

describeFieldTypeContract(dateTimeFieldType, {
  inputs: [
    { input: { rfc850: 'Monday, 06-Feb-23 10:20:30 UTC' }, expected: instant },
    { input: { timestring: '2023-02-06T10:20:30' }, expected: instant },
    { input: { timestring: '2023-02-06 12:20:30+02:00' }, expected: instant },
    { input: { timestring: '2023-02-06T10:20:30.999Z' }, expected: instant },
    { input: { timestring: 'Mon, 06 Feb 2023 10:20:30 GMT' }, expected: instant },
    { input: { timestring: '@1675678830' }, expected: instant },
    { input: { timestamp: 1675678830 }, expected: instant },
    { input: 1675678830, expected: instant },
    { input: '1675678830', expected: instant },
  ],
  storedValues: [instant, new Date(0), new Date('1900-01-01T00:00:01Z')],
  invalidInputs: [
    { input: { timestring: 'next tuesday' }, target: 'timestring' },
    { input: { timestring: '12' }, target: 'timestring' },
    { input: { timestring: '2023-02-06T25:00:00' }, target: 'timestring' },
    { input: { rfc850: 'Monday, 06-Foo-23 10:20:30 UTC' }, target: 'rfc850' },
    { input: { rfc850: 42 }, target: 'rfc850' },
    { input: [] },
  ],
  invalidStorage: ['1675678830'],
  validValues: [{ name: 'any instant', value: instant }],
  validationFailures: [],
  invalidFieldSettings: [
    { settings: { useSeconds: 'yes' }, messages: ["Setting 'useSeconds' value must be of boolean type"] },
    {
      settings: { defaultType: 'DEFAULT_CURRENT_DATE', dateInterval: 'P1D' },
      messages: ["Setting 'dateInterval' can be used only when setting 'defaultType' is set to 'DEFAULT_CURRENT_DATE_ADJUSTED'"],
    },
    { settings: { dateInterval: '1 day' }, messages: ["Setting 'dateInterval' value must be an ISO 8601 duration such as 'P1D' (or null)"] },
  ],
});

describe('ezdatetime specifics', () => {
  it('outputs timestamp and RFC 850 with the time of day', () => {
    expect(dateTimeFieldType.toHash(instant)).toEqual({ timestamp: 1675678830, rfc850: 'Monday, 06-Feb-23 10:20:30 UTC' });
  });

  it('keeps whole seconds only', () => {
    expect(dateTimeFieldType.fromHash(new Date('2023-02-06T10:20:30.750Z'))).toEqual(instant);
  });

  it('accepts an adjusted default with a PHP DateInterval string', () => {
    expect(
      dateTimeFieldType.validateFieldSettings({ defaultType: 'DEFAULT_CURRENT_DATE_ADJUSTED', dateInterval: 'P0Y0M1DT0H0M0S', useSeconds: true }),
    ).toEqual([]);
    expect(dateTimeFieldType.validateFieldSettings({ defaultType: 2, dateInterval: 'PT-1H' })).toEqual([]);
  });

  it('names the value like PHP "D Y-d-m H:i:s" (day before month, as Ibexa)', () => {
    expect(dateTimeFieldType.getName(instant, buildFieldDefinition(dateTimeFieldType), 'eng-GB')).toBe('Mon 2023-06-02 10:20:30');
  });
});
