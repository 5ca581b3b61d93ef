import { describe, expect, it } from '@jest/globals';
import { buildFieldDefinition } from '../testing/field-definition.js';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { selectionFieldType } from './index.js';

const options = { options: { 0: 'Red', 1: 'Green', 2: 'Blue' } };
const multiple = { ...options, isMultiple: true };

describeFieldTypeContract(selectionFieldType, {
  inputs: [
    { input: [2, 0], expected: [0, 2] },
    { input: [1, 1], expected: [1] },
    { input: ['1'], expected: [1] },
    { input: 1, expected: [1] },
    { input: [], expected: [] },
  ],
  storedValues: [[0], [0, 2]],
  invalidInputs: [{ input: [-1] }, { input: ['red'] }, { input: [1.5] }, { input: { 0: 1 } }],
  invalidStorage: [null, ['1']],
  validValues: [
    { name: 'one option', value: [1], fieldSettings: options },
    { name: 'several options when isMultiple', value: [0, 2], fieldSettings: multiple },
    { name: 'options given as a list', value: [1], fieldSettings: { options: ['Red', 'Green'] } },
    { name: 'an option from multilingualOptions', value: [3], fieldSettings: { multilingualOptions: { 'eng-GB': { 3: 'Cyan' } } } },
  ],
  validationFailures: [
    {
      name: 'several options without isMultiple',
      value: [0, 1],
      fieldSettings: options,
      errors: [{ target: 'option', message: 'Field definition does not allow multiple options to be selected.' }],
    },
    {
      name: 'an unknown option index',
      value: [5],
      fieldSettings: options,
      errors: [{ target: 'option', message: 'Option with index 5 does not exist in the field definition.' }],
    },
  ],
  invalidFieldSettings: [
    { settings: { isMultiple: 1 }, messages: ["Setting 'isMultiple' value must be of boolean type"] },
    { settings: { options: 'Red,Green' }, messages: ["FieldType 'ezselection' expects setting 'options' to be of type 'hash'"] },
    { settings: { options: { red: 'Red' } }, messages: ["FieldType 'ezselection' expects setting 'options' to be of type 'hash'"] },
    { settings: { multilingualOptions: { 'eng-GB': 'Red' } }, messages: ["FieldType 'ezselection' expects setting 'multilingualOptions' to be of type 'hash'"] },
  ],
});

describe('ezselection specifics', () => {
  it('names the value by its labels, preferring the translation', () => {
    const definition = buildFieldDefinition(selectionFieldType, {
      fieldSettings: { ...multiple, multilingualOptions: { 'fre-FR': { 0: 'Rouge' } } },
    });
    expect(selectionFieldType.getName([0, 2], definition, 'eng-GB')).toBe('Red Blue');
    expect(selectionFieldType.getName([0, 2], definition, 'fre-FR')).toBe('Rouge Blue');
  });

  it('indexes the option indexes as elements and the Legacy dash-joined sort key', () => {
    expect(selectionFieldType.toSearchData([0, 2])).toEqual({ sortKeyInt: null, sortKeyString: '0-2', fullText: '', elements: [0, 2] });
  });

  it('outputs [] when nothing is selected', () => {
    expect(selectionFieldType.toHash([])).toEqual([]);
  });
});
