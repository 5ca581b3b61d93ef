import { describe, expect, it } from '@jest/globals';
import { FieldValueError } from '../field-type.js';
import { buildFieldDefinition } from '../testing/field-definition.js';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { COUNTRIES, countryFieldType, findCountry } from './index.js';

describeFieldTypeContract(countryFieldType, {
  inputs: [
    { input: ['NO', 'FR'], expected: ['NO', 'FR'] },
    { input: ['Norway'], expected: ['NO'] },
    { input: ['NOR', 'fra'], expected: ['NO', 'FR'] },
    { input: ['norway', 'NO'], expected: ['NO'] },
    { input: 'Germany', expected: ['DE'] },
  ],
  storedValues: [['NO'], ['NO', 'FR']],
  invalidInputs: [{ input: ['Atlantis'], target: 'country' }, { input: ['XX'], target: 'country' }, { input: [47] }],
  invalidStorage: [['XX'], 'NO'],
  validValues: [
    { name: 'one country', value: ['NO'] },
    { name: 'several countries when isMultiple', value: ['NO', 'FR'], fieldSettings: { isMultiple: true } },
  ],
  validationFailures: [
    {
      name: 'several countries without isMultiple',
      value: ['NO', 'FR'],
      errors: [{ target: 'country', message: 'Field definition does not allow multiple countries to be selected.' }],
    },
    {
      name: 'an alpha-2 code that is not in the table',
      value: ['XX'],
      errors: [{ target: 'country', message: "Country with Alpha2 code 'XX' is not defined in FieldType settings." }],
    },
  ],
  invalidFieldSettings: [{ settings: { isMultiple: 'no' }, messages: ["Setting 'isMultiple' value must be of boolean type"] }],
});

describe('country table', () => {
  it('covers ISO 3166-1 with unique codes and dialling codes', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map((country) => country.alpha2)).size).toBe(249);
    expect(new Set(COUNTRIES.map((country) => country.alpha3)).size).toBe(249);
    expect(COUNTRIES.every((country) => /^[A-Z]{2}$/.test(country.alpha2) && /^[A-Z]{3}$/.test(country.alpha3) && country.idc > 0)).toBe(true);
  });

  it('finds countries by name, alpha-2 and alpha-3, ignoring case', () => {
    expect(findCountry('Norway')).toEqual({ alpha2: 'NO', alpha3: 'NOR', name: 'Norway', idc: 47 });
    expect(findCountry('gbr')?.name).toBe('United Kingdom');
    expect(findCountry(' us ')?.idc).toBe(1);
    expect(findCountry('Narnia')).toBeUndefined();
  });

  it('reports the unknown country in the error message', () => {
    expect(() => countryFieldType.fromHash(['Norway', 'Narnia'])).toThrow(new FieldValueError("Unknown country 'Narnia'"));
  });
});

describe('ezcountry specifics', () => {
  it('outputs alpha-2 codes, or null when empty', () => {
    expect(countryFieldType.toHash(['NO', 'FR'])).toEqual(['NO', 'FR']);
    expect(countryFieldType.toHash([])).toBeNull();
  });

  it('names and indexes the countries', () => {
    expect(countryFieldType.getName(['NO', 'FR'], buildFieldDefinition(countryFieldType), 'eng-GB')).toBe('Norway, France');
    expect(countryFieldType.toSearchData(['NO', 'FR'])).toEqual({
      sortKeyInt: null,
      sortKeyString: 'france,norway',
      fullText: 'Norway France',
      elements: ['no', 'fr'],
    });
  });
});
