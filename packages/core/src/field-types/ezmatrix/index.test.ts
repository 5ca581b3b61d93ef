import { describe, expect, it } from '@jest/globals';
import { buildFieldDefinition } from '../testing/field-definition.js';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { matrixColumns, matrixFieldType, type MatrixValue } from './index.js';

const table: MatrixValue = { rows: [{ size: 'S', price: '10' }, { size: 'M', price: '12' }] };

describeFieldTypeContract(matrixFieldType, {
  inputs: [
    { input: { entries: [{ size: 'S', price: '10' }, { size: 'M', price: 12 }] }, expected: table },
    { input: { entries: { 0: { size: 'S', price: '10' }, 1: { size: 'M', price: '12' } } }, expected: table },
    { input: { entries: [] }, expected: { rows: [] } },
    { input: [{ size: 'S', price: null }], expected: { rows: [{ size: 'S', price: '' }] } },
  ],
  storedValues: [table],
  invalidInputs: [
    { input: { entries: 'S,M' }, target: 'entries' },
    { input: { entries: [['S', '10']] }, target: 'entries' },
    { input: { entries: [{ size: { text: 'S' } }] }, target: 'entries' },
    { input: { rowsx: [] }, target: 'rowsx' },
    { input: 'S' },
  ],
  invalidStorage: [{ entries: 'x' }, []],
  validValues: [
    { name: 'two rows with text', value: table, fieldSettings: { minimum_rows: 2, columns: [] } },
    { name: 'no minimum', value: { rows: [{ size: ' ' }] }, fieldSettings: { minimum_rows: 0, columns: [] } },
  ],
  validationFailures: [
    {
      name: 'fewer rows with text than minimum_rows (blank rows do not count)',
      value: { rows: [{ size: 'S', price: '' }, { size: '  ', price: '' }] },
      fieldSettings: { minimum_rows: 2, columns: [] },
      errors: [{ target: expect.any(String) as unknown as string, message: 'Matrix must contain at least 2 non-empty rows.' }],
    },
  ],
  invalidFieldSettings: [
    { settings: { minimum_rows: -1 }, messages: ['Value must be numeric positive numeric.'] },
    { settings: { columns: [{ identifier: 'size', name: 'Size' }, { identifier: ' size ', name: 'Again' }] }, messages: ['Identifier "size" must be unique.'] },
    { settings: { columns: [{ name: 'Nameless' }] }, messages: ['Column (index: 0) must have identifier.'] },
    { settings: { rows: 3 }, messages: ["Setting 'rows' is unknown"] },
  ],
});

describe('ezmatrix specifics', () => {
  it("outputs Ibexa's hash and indexes the cells as full text", () => {
    expect(matrixFieldType.toHash(table)).toEqual({ entries: [{ size: 'S', price: '10' }, { size: 'M', price: '12' }] });
    expect(matrixFieldType.toSearchData(table)).toEqual({ sortKeyInt: null, sortKeyString: null, fullText: 'S 10 M 12' });
    expect(matrixFieldType.getName(table, buildFieldDefinition(matrixFieldType), 'eng-GB')).toBe('');
  });

  it('reads the columns setting', () => {
    const definition = buildFieldDefinition(matrixFieldType, { fieldSettings: { minimum_rows: 1, columns: [{ identifier: 'size', name: 'Size' }, { name: 'x' }] } });
    expect(matrixColumns(definition)).toEqual([{ identifier: 'size', name: 'Size' }]);
  });
});
