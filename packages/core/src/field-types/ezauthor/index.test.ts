import { describe, expect, it } from '@jest/globals';
import { buildFieldDefinition } from '../testing/field-definition.js';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { authorFieldType } from './index.js';

const ann = { id: 1, name: 'Ann', email: 'ann@example.com' };
const bob = { id: 2, name: 'Bob', email: 'bob@example.com' };

describeFieldTypeContract(authorFieldType, {
  inputs: [
    { input: [ann, bob], expected: [ann, bob] },
    { input: [{ name: 'Ann', email: 'ann@example.com' }, { name: 'Bob', email: 'bob@example.com' }], expected: [ann, bob] },
    { input: [{ id: '5', name: 'Ann' }], expected: [{ id: 5, name: 'Ann', email: '' }] },
    { input: [], expected: [] },
  ],
  storedValues: [[ann, bob], [{ id: 7, name: 'Zoë', email: '' }]],
  invalidInputs: [
    { input: [ann, { ...bob, id: 1 }], target: 'id' },
    { input: [{ id: 0, name: 'x' }], target: 'id' },
    { input: [{ name: 'x', role: 'editor' }], target: 'role' },
    { input: ['Ann'] },
    { input: { name: 'Ann' } },
  ],
  invalidStorage: [null, [{ id: 'x' }]],
  validValues: [{ name: 'authors', value: [ann] }],
  validationFailures: [],
  invalidFieldSettings: [
    { settings: { defaultAuthor: 'DEFAULT_EVERYONE' }, messages: ["Setting 'defaultAuthor' is of unknown type; expected one of: DEFAULT_VALUE_EMPTY, DEFAULT_CURRENT_USER"] },
  ],
});

describe('ezauthor specifics', () => {
  it('outputs [] when empty and accepts both integer and named defaultAuthor', () => {
    expect(authorFieldType.toHash([])).toEqual([]);
    expect(authorFieldType.validateFieldSettings({ defaultAuthor: 1 })).toEqual([]);
    expect(authorFieldType.validateFieldSettings({ defaultAuthor: 'DEFAULT_CURRENT_USER' })).toEqual([]);
  });

  it('names the field by its first author and indexes names as elements', () => {
    expect(authorFieldType.getName([bob, ann], buildFieldDefinition(authorFieldType), 'eng-GB')).toBe('Bob');
    expect(authorFieldType.toSearchData([bob, ann])).toEqual({
      sortKeyInt: null,
      sortKeyString: 'ann,bob',
      fullText: 'Bob bob@example.com Ann ann@example.com',
      elements: ['bob', 'ann'],
    });
  });
});
