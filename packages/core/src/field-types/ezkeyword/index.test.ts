import { describe, expect, it } from '@jest/globals';
import { buildFieldDefinition } from '../testing/field-definition.js';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { keywordFieldType } from './index.js';

describeFieldTypeContract(keywordFieldType, {
  inputs: [
    { input: ['a', 'b'], expected: ['a', 'b'] },
    { input: [' a ', 'b', 'a', ''], expected: ['a', 'b'] },
    { input: 'foo, bar ,foo', expected: ['foo', 'bar'] },
    { input: [2024], expected: ['2024'] },
    { input: [], expected: [] },
  ],
  storedValues: [['Sports', 'Football'], ['x']],
  invalidInputs: [{ input: [{ keyword: 'a' }] }, { input: 42 }, { input: { a: 'b' } }],
  invalidStorage: [null, [1]],
  validValues: [{ name: 'keywords', value: ['a'] }],
  validationFailures: [],
});

describe('ezkeyword specifics', () => {
  it('outputs [] when empty', () => {
    expect(keywordFieldType.toHash([])).toEqual([]);
  });

  it('joins keywords for the name and indexes them lower-cased as elements', () => {
    expect(keywordFieldType.getName(['Sports', 'Football'], buildFieldDefinition(keywordFieldType), 'eng-GB')).toBe('Sports, Football');
    expect(keywordFieldType.toSearchData(['Sports', 'Football'])).toEqual({
      sortKeyInt: null,
      sortKeyString: 'sports,football',
      fullText: 'Sports Football',
      elements: ['sports', 'football'],
    });
  });
});
