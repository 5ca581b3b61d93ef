import type { Dialect } from './dialect.js';
import type { RowArrays, RowsData } from './sql-session.js';

/** The record of array rows (their values are in `Row.values`). */
const NO_RECORD: Readonly<Record<string, unknown>> = Object.freeze({});

/** Whether `value` is a {@link RowArrays} result. */
function isRowArrays(value: unknown): value is RowArrays {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'columns' in value && value.columns instanceof Map && 'rows' in value && Array.isArray(value.rows);
}

/** Whether `value` is a plain record (a database row as the drivers return it). */
export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A typed reader over one database row. Drivers differ in what they return: SQLite gives 0/1 for booleans and JSON
 * as text; PostgreSQL gives `bigint`/`count(*)` as strings and `jsonb` already parsed. Every accessor checks the
 * value and throws a plain Error (a storage bug, never a user error) when a column has an unexpected shape.
 * Dates are stored as Unix seconds and returned as Dates.
 */
export class Row {
  /**
   * A record row (`record`: column name → value; `values` and `columns` null), or an array row (`values` in column
   * order, `columns` giving each name's position; `record` empty).
   */
  private constructor(
    private readonly record: Readonly<Record<string, unknown>>,
    private readonly values: readonly unknown[] | null,
    private readonly columns: ReadonlyMap<string, number> | null,
    private readonly dialect: Dialect,
  ) {}

  /** Wraps a driver row (a record). @throws Error when `value` is not a record. */
  static of(value: unknown, dialect: Dialect): Row {
    if (!isRecord(value)) throw new Error(`Expected a database row, got ${typeof value}`);
    return new Row(value, null, null, dialect);
  }

  /** Wraps every row of a driver result (records, or `RowArrays`). @throws Error for anything else. */
  static all(values: unknown, dialect: Dialect): Row[] {
    if (Array.isArray(values)) return values.map((value: unknown) => Row.of(value, dialect));
    if (!isRowArrays(values)) throw new Error('Expected a list of database rows');
    const { columns } = values;
    return values.rows.map((row) => Row.ofValues(row, columns, dialect));
  }

  /** Wraps a row of `RowArrays`. @throws Error when `value` is not an array. */
  private static ofValues(value: unknown, columns: ReadonlyMap<string, number>, dialect: Dialect): Row {
    if (!Array.isArray(value)) throw new Error(`Expected a database row as an array, got ${typeof value}`);
    return new Row(NO_RECORD, value, columns, dialect);
  }

  /** The first row of a session's result, or null when it has none. */
  static first(values: RowsData, dialect: Dialect): Row | null {
    if (isRowArrays(values)) {
      const [row] = values.rows;
      return row === undefined ? null : Row.ofValues(row, values.columns, dialect);
    }
    const [first] = values;
    return first === undefined ? null : Row.of(first, dialect);
  }

  /** The value of a column (undefined when the row has no such column). */
  private value(column: string): unknown {
    if (this.values === null || this.columns === null) return this.record[column];
    const index = this.columns.get(column);
    return index === undefined ? undefined : this.values[index];
  }

  /** Whether the column is SQL NULL (or absent). */
  isNull(column: string): boolean {
    const value = this.value(column);
    return value === null || value === undefined;
  }

  /** An integer column (numbers, numeric strings and bigints are accepted). */
  int(column: string): number {
    const value = this.value(column);
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'bigint') return Number(value);
    if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
    throw this.unexpected(column, 'an integer');
  }

  intOrNull(column: string): number | null {
    return this.isNull(column) ? null : this.int(column);
  }

  str(column: string): string {
    const value = this.value(column);
    if (typeof value === 'string') return value;
    throw this.unexpected(column, 'a string');
  }

  strOrNull(column: string): string | null {
    return this.isNull(column) ? null : this.str(column);
  }

  /** A boolean column: SQLite stores 0/1, PostgreSQL returns booleans. */
  bool(column: string): boolean {
    const value = this.value(column);
    if (typeof value === 'boolean') return value;
    if (value === 0 || value === 1) return value === 1;
    if (typeof value === 'bigint') return value !== 0n;
    throw this.unexpected(column, 'a boolean');
  }

  /** A date stored as Unix seconds. */
  date(column: string): Date {
    return new Date(this.int(column) * 1000);
  }

  dateOrNull(column: string): Date | null {
    return this.isNull(column) ? null : this.date(column);
  }

  /** A JSON column, parsed (SQLite stores text; PostgreSQL `jsonb` arrives parsed). SQL NULL reads as null. */
  json(column: string): unknown {
    const value = this.value(column);
    if (value === null || value === undefined) return null;
    if (this.dialect === 'postgresql') return value;
    // A SQLite `jsonb` column has NUMERIC affinity: the JSON text of a number (`'5'`) is stored as that number.
    if (typeof value === 'number') return value;
    if (typeof value !== 'string') throw this.unexpected(column, 'JSON text');
    const parsed: unknown = JSON.parse(value);
    return parsed;
  }

  /** A bytes column (SQLite `blob`, PostgreSQL `bytea`; both drivers return a Buffer). */
  bytes(column: string): Uint8Array {
    const value = this.value(column);
    if (value instanceof Uint8Array) return value;
    throw this.unexpected(column, 'bytes');
  }

  private unexpected(column: string, expected: string): Error {
    const value = this.value(column);
    return new Error(`Column '${column}': expected ${expected}, got ${value === null ? 'null' : typeof value}`);
  }
}
