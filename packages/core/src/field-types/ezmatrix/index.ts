import type { FieldDefinition, Hash } from '../../api/values/content-type.js';
import type { ValidationError } from '../../errors/repository-error.js';
import { FieldValueError, type FieldType } from '../field-type.js';
import { invalidInput, isRecord, rejectUnknownKeys, type UnknownRecord } from '../shared/decode.js';
import { NO_SEARCH_DATA } from '../shared/search.js';
import { settingOf, validateValidatorSchema } from '../shared/settings.js';

/** One row of a Matrix field: column identifier → cell text. */
export type MatrixRow = Readonly<Record<string, string>>;

/** Value of a Matrix field: its rows in order. Empty: no rows. */
export interface MatrixValue {
  readonly rows: readonly MatrixRow[];
}

/** A column of the `columns` setting. */
export interface MatrixColumn {
  readonly identifier: string;
  readonly name: string;
}

const EMPTY: MatrixValue = { rows: [] };

/** A row from input or storage: an object of string (or number) cells. @throws FieldValueError */
function rowFrom(input: unknown, index: number): MatrixRow {
  if (!isRecord(input) || Array.isArray(input)) throw invalidInput(`matrix row ${index} to be an object of cells {column: text}`, input, 'entries');
  const row: Record<string, string> = {};
  for (const [column, cell] of Object.entries(input)) {
    if (typeof cell === 'string') row[column] = cell;
    else if (typeof cell === 'number' && Number.isFinite(cell)) row[column] = String(cell);
    else if (cell === null) row[column] = '';
    else throw invalidInput(`matrix cell '${column}' of row ${index} to be text`, cell, 'entries');
  }
  return row;
}

function rowsFrom(entries: unknown): MatrixRow[] {
  if (entries === undefined || entries === null) return [];
  const list: unknown[] | null = Array.isArray(entries) ? entries : isRecord(entries) ? Object.values(entries) : null;
  if (list === null) throw invalidInput("matrix 'entries' to be a list of rows", entries, 'entries');
  return list.map(rowFrom);
}

/** Whether a row has no cell with text other than white space (Ibexa `Row::isEmpty`). */
const isEmptyRow = (row: MatrixRow): boolean => Object.values(row).every((cell) => cell.trim() === '');

/** `minimum_rows` of a definition (default 1). */
function minimumRows(definition: FieldDefinition): number {
  const value = settingOf(definition, 'minimum_rows');
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : 1;
}

/** Checks the settings with Ibexa's messages (`minimum_rows`, `columns`). */
function settingsErrors(settings: UnknownRecord): ValidationError[] {
  const errors: ValidationError[] = [];
  for (const name of Object.keys(settings)) {
    if (name !== 'minimum_rows' && name !== 'columns') errors.push({ target: `[${name}]`, message: `Setting '${name}' is unknown` });
  }
  const minimum = settings['minimum_rows'];
  if (minimum !== undefined) {
    const number = typeof minimum === 'string' && minimum.trim() !== '' ? Number(minimum) : minimum;
    if (typeof number !== 'number' || !Number.isFinite(number) || number < 0) {
      errors.push({ target: 'minimum_rows', message: 'Value must be numeric positive numeric.' });
    }
  }
  const columns = settings['columns'];
  if (columns !== undefined && columns !== null) {
    const list: unknown[] | null = Array.isArray(columns) ? columns : isRecord(columns) ? Object.values(columns) : null;
    if (list === null) return [...errors, { target: 'columns', message: "Setting 'columns' value must be of hash type" }];
    const seen = new Set<string>();
    list.forEach((column, index) => {
      const identifier = isRecord(column) && typeof column['identifier'] === 'string' ? column['identifier'].trim() : '';
      if (identifier === '') errors.push({ target: null, message: `Column (index: ${index}) must have identifier.` });
      else if (seen.has(identifier)) errors.push({ target: null, message: `Identifier "${identifier}" must be unique.` });
      else seen.add(identifier);
    });
  }
  return errors;
}

/**
 * The columns of a definition's `columns` setting (`[{identifier, name}]`, or Ibexa's hash of them), in order;
 * entries without an identifier are left out.
 */
export function matrixColumns(definition: FieldDefinition): MatrixColumn[] {
  const columns = settingOf(definition, 'columns');
  const list: Hash[] = Array.isArray(columns) ? columns : isRecord(columns) ? Object.values(columns as Record<string, Hash>) : [];
  return list.flatMap((column) => {
    if (!isRecord(column) || typeof column['identifier'] !== 'string' || column['identifier'].trim() === '') return [];
    return [{ identifier: column['identifier'].trim(), name: typeof column['name'] === 'string' ? column['name'] : column['identifier'] }];
  });
}

/**
 * Matrix (`ezmatrix` / `ibexa_matrix`, Ibexa's open-source `ibexa/fieldtype-matrix`): a table of text cells. REST hash
 * `{entries: [{<column>: <text>, …}, …]}` in and out (numbers in cells are taken as their text, null as empty).
 * Settings `minimum_rows` (default 1; `Value must be numeric positive numeric.`) and `columns`
 * (`[{identifier, name}]`, identifiers required and unique). Validation: at least `minimum_rows` rows with text
 * (`Matrix must contain at least <n> non-empty rows.`). Name: empty, as Ibexa's. Search: the cells as full text
 * (no sort key). No validators.
 */
export const matrixFieldType: FieldType<MatrixValue> = {
  identifier: 'ezmatrix',
  aliases: ['ibexa_matrix'],
  searchable: true,
  searchFamily: 'text',

  emptyValue: () => EMPTY,
  isEmpty: (value) => value.rows.length === 0,
  fromHash(input) {
    if (input === null || input === undefined) return EMPTY;
    if (Array.isArray(input)) return { rows: input.map(rowFrom) };
    if (!isRecord(input)) throw invalidInput('a matrix hash {entries: [rows]}', input);
    if (Object.hasOwn(input, 'rows')) return { rows: rowsFrom(input['rows']) };
    rejectUnknownKeys(input, ['entries'], 'matrix');
    return { rows: rowsFrom(input['entries']) };
  },
  toHash: (value) => ({ entries: value.rows.map((row) => ({ ...row })) }),
  validate(value, definition) {
    const minimum = minimumRows(definition);
    const filled = value.rows.filter((row) => !isEmptyRow(row)).length;
    if (filled >= minimum) return [];
    const name = Object.values(definition.names)[0] ?? definition.identifier;
    return [{ target: name, message: `Matrix must contain at least ${minimum} non-empty rows.` }];
  },
  toStorage: (value) => ({ entries: value.rows.map((row) => ({ ...row })) }),
  fromStorage(data) {
    if (data === null) return EMPTY;
    if (!isRecord(data) || !Array.isArray(data['entries'])) throw new FieldValueError('Invalid matrix storage data: expected {entries: [rows]}');
    return { rows: rowsFrom(data['entries']) };
  },
  getName: () => '',
  toSearchData(value) {
    const text = value.rows.flatMap((row) => Object.values(row)).join(' ');
    return text.trim() === '' ? NO_SEARCH_DATA : { ...NO_SEARCH_DATA, fullText: text };
  },

  defaultFieldSettings: () => ({ minimum_rows: 1, columns: [] }),
  defaultValidatorConfiguration: () => ({}),
  validateFieldSettings: (settings) => settingsErrors(settings),
  validateValidatorConfiguration: (configuration) => validateValidatorSchema(configuration, {}),
};
