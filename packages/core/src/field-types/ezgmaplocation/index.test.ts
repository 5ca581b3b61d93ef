import { describe, expect, it } from '@jest/globals';
import { buildFieldDefinition } from '../testing/field-definition.js';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { mapLocationFieldType } from './index.js';

const oslo = { latitude: 59.9, longitude: 10.7, address: 'Oslo' };

describeFieldTypeContract(mapLocationFieldType, {
  inputs: [
    { input: oslo, expected: oslo },
    { input: { latitude: '59.900000', longitude: '10.700000', address: 'Oslo' }, expected: oslo },
    { input: { latitude: 0, longitude: 0 }, expected: { latitude: 0, longitude: 0, address: '' } },
    { input: { latitude: null, longitude: null, address: null }, expected: null },
  ],
  storedValues: [oslo, { latitude: -33.86, longitude: 151.2, address: '' }],
  invalidInputs: [
    { input: { latitude: 59.9 }, target: 'longitude' },
    { input: { longitude: 10.7, address: 'Oslo' }, target: 'latitude' },
    { input: { latitude: 'north', longitude: 1 }, target: 'latitude' },
    { input: { latitude: 1, longitude: 1, zoom: 3 }, target: 'zoom' },
    { input: [59.9, 10.7] },
  ],
  invalidStorage: [{ latitude: 1 }, 'Oslo'],
  validValues: [
    { name: 'the poles and the antimeridian', value: { latitude: 90, longitude: -180, address: '' } },
  ],
  validationFailures: [
    {
      name: 'coordinates out of range',
      value: { latitude: 91, longitude: 181, address: '' },
      errors: [
        { target: 'latitude', message: 'Latitude must be between -90 and 90 degrees.' },
        { target: 'longitude', message: 'Longitude must be between -180 and 180 degrees.' },
      ],
    },
  ],
});

describe('ezgmaplocation specifics', () => {
  it('uses the address for the name and search', () => {
    expect(mapLocationFieldType.getName(oslo, buildFieldDefinition(mapLocationFieldType), 'eng-GB')).toBe('Oslo');
    expect(mapLocationFieldType.toSearchData(oslo)).toEqual({ sortKeyInt: null, sortKeyString: 'oslo', fullText: 'Oslo' });
  });
});
