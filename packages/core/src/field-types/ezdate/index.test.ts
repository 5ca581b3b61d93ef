import { describe, expect, it } from '@jest/globals';
import { FieldValueError } from '../field-type.js';
import { buildFieldDefinition } from '../testing/field-definition.js';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { dateFieldType } from './index.js';

const feb6 = new Date('2023-02-06T00:00:00Z');

describeFieldTypeContract(dateFieldType, {
  inputs: [
    { input: { rfc850: 'Monday, 06-Feb-23 00:00:00 UTC' }, expected: feb6 },
    { input: { timestring: '2023-02-06' }, expected: feb6 },
    { input: { timestamp: 1675641600 }, expected: feb6 },
    { input: { timestamp: '1675641600' }, expected: feb6 },
    { input: 1675641600, expected: feb6 },
    { input: '2023-02-06T15:30:00Z', expected: feb6 },
    { input: { timestamp: 1675641600 + 3600 * 23 }, expected: feb6 },
    { input: { rfc850: null, timestamp: null }, expected: null },
    { input: new Date('2023-02-06T12:00:00Z'), expected: feb6 },
  ],
  storedValues: [feb6, new Date('1969-07-20T00:00:00Z'), new Date('2038-01-20T00:00:00Z')],
  invalidInputs: [
    { input: { rfc850: 'yesterday' }, target: 'rfc850' },
    { input: { timestring: '2023-02-30' }, target: 'timestring' },
    { input: { timestamp: 'soon' }, target: 'timestamp' },
    { input: { timestamp: 1.5 }, target: 'timestamp' },
    { input: { date: '2023-02-06' }, target: 'date' },
    { input: true },
    { input: new Date(Number.NaN) },
  ],
  invalidStorage: ['2023-02-06', 1.5],
  validValues: [{ name: 'any date', value: feb6 }],
  validationFailures: [],
  invalidFieldSettings: [
    { settings: { defaultType: 'DEFAULT_CURRENT_TIME' }, messages: ["Setting 'defaultType' is of unknown type; expected one of: DEFAULT_EMPTY, DEFAULT_CURRENT_DATE"] },
    { settings: { useSeconds: true }, messages: ["Setting 'useSeconds' is unknown"] },
  ],
});

describe('ezdate specifics', () => {
  it('outputs the timestamp and the PHP RFC 850 form', () => {
    expect(dateFieldType.toHash(feb6)).toEqual({ timestamp: 1675641600, rfc850: 'Monday, 06-Feb-23 00:00:00 UTC' });
    expect(dateFieldType.toHash(new Date('2024-01-10T00:00:00Z'))).toEqual({
      timestamp: 1704844800,
      rfc850: 'Wednesday, 10-Jan-24 00:00:00 UTC',
    });
  });

  it('tries rfc850, then timestring, then timestamp', () => {
    expect(dateFieldType.fromHash({ rfc850: 'Tuesday, 07-Feb-23 00:00:00 UTC', timestring: '2020-01-01', timestamp: 0 })).toEqual(
      new Date('2023-02-07T00:00:00Z'),
    );
    expect(dateFieldType.fromHash({ timestring: '2020-01-01', timestamp: 0 })).toEqual(new Date('2020-01-01T00:00:00Z'));
    expect(dateFieldType.fromHash({ rfc850: '', timestamp: 0 })).toEqual(new Date(0));
  });

  it('reads two-digit RFC 850 years like PHP and honours numeric zones', () => {
    expect(dateFieldType.fromHash({ rfc850: 'Sunday, 20-Jul-69 00:00:00 UTC' })).toEqual(new Date('2069-07-20T00:00:00Z'));
    expect(dateFieldType.fromHash({ rfc850: 'Saturday, 01-Jan-70 00:00:00 GMT' })).toEqual(new Date('1970-01-01T00:00:00Z'));
    expect(dateFieldType.fromHash({ rfc850: 'Monday, 06-Feb-23 01:00:00 +0200' })).toEqual(new Date('2023-02-05T00:00:00Z'));
  });

  it('takes the century from a matching timestamp, so 1969 does not become 2069', () => {
    const hash = dateFieldType.toHash(new Date('1969-07-20T00:00:00Z'));
    expect(hash).toEqual({ timestamp: -14256000, rfc850: 'Sunday, 20-Jul-69 00:00:00 UTC' });
    expect(dateFieldType.fromHash(hash)).toEqual(new Date('1969-07-20T00:00:00Z'));
    expect(dateFieldType.fromHash({ rfc850: 'Sunday, 20-Jul-69 00:00:00 UTC', timestamp: 0 })).toEqual(
      new Date('2069-07-20T00:00:00Z'),
    );
  });

  it('rejects impossible dates instead of rolling them over', () => {
    expect(() => dateFieldType.fromHash({ rfc850: 'Monday, 31-Apr-23 00:00:00 UTC' })).toThrow(FieldValueError);
  });

  it('names the date like PHP "l d F Y" and indexes its timestamp', () => {
    expect(dateFieldType.getName(feb6, buildFieldDefinition(dateFieldType), 'eng-GB')).toBe('Monday 06 February 2023');
    expect(dateFieldType.toSearchData(feb6).sortKeyInt).toBe(1675641600);
  });

  it('stores Unix seconds', () => {
    expect(dateFieldType.toStorage(feb6)).toBe(1675641600);
  });
});
