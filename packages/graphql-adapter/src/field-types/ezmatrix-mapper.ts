import { FieldValueError } from '@contentrepo/core';
import { isArgMap, listArg, stringArg } from '../schema/args.js';
import { hashRecord } from '../schema/hash.js';
import type { FieldTypeMapper } from './field-type-mapper.js';

/** A core matrix row from a `MatrixRowInput`. @throws FieldValueError */
function rowFrom(input: unknown): Record<string, string> {
  if (!isArgMap(input)) throw new FieldValueError('Expected a MatrixRowInput', 'entries');
  const row: Record<string, string> = {};
  for (const cell of listArg(input, 'cells') ?? []) {
    if (!isArgMap(cell)) throw new FieldValueError('Expected a MatrixCellInput', 'entries');
    const column = stringArg(cell, 'column');
    if (column !== undefined) row[column] = stringArg(cell, 'text') ?? '';
  }
  return row;
}

/**
 * Matrix (`ezmatrix`): its rows as `[MatrixRow]` (each row's cells as column and text), set from `[MatrixRowInput]`.
 * Ibexa's matrix bundle generates a row type per field with one GraphQL field per column; this adapter's mappers add
 * no types, so rows list their cells instead.
 */
export const matrixMapper: FieldTypeMapper = {
  fieldTypeIdentifier: 'ezmatrix',
  valueType: '[MatrixRow]',
  definitionType: 'FieldDefinition',
  inputType: '[MatrixRowInput]',
  resolve: ({ hash }) => {
    const entries = hashRecord(hash)?.['entries'];
    return Array.isArray(entries) ? entries.flatMap((row) => (hashRecord(row) === null ? [] : [hashRecord(row)])) : [];
  },
  toInput: (input) => {
    if (!Array.isArray(input)) throw new FieldValueError('Expected a list of MatrixRowInput', 'entries');
    return { entries: input.map(rowFrom) };
  },
};
