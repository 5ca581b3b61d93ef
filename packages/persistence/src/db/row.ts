import type { Dialect } from './dialect.js';

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
  private constructor(
    private readonly data: Readonly<Record<string, unknown>>,
    private readonly dialect: Dialect,
  ) {}

  /** Wraps a driver row. @throws Error when `value` is not a record. */
  static of(value: unknown, dialect: Dialect): Row {
    if (!isRecord(value)) throw new Error(`Expected a database row, got ${typeof value}`);
    return new Row(value, dialect);
  }

  /** Wraps every row of a driver result. */
  static all(values: unknown, dialect: Dialect): Row[] {
    if (!Array.isArray(values)) throw new Error('Expected a list of database rows');
    return values.map((value: unknown) => Row.of(value, dialect));
  }

  /** Whether the column is SQL NULL (or absent). */
  isNull(column: string): boolean {
    const value = this.data[column];
    return value === null || value === undefined;
  }

  /** An integer column (numbers, numeric strings and bigints are accepted). */
  int(column: string): number {
    const value = this.data[column];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'bigint') return Number(value);
    if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
    throw this.unexpected(column, 'an integer');
  }

  intOrNull(column: string): number | null {
    return this.isNull(column) ? null : this.int(column);
  }

  str(column: string): string {
    const value = this.data[column];
    if (typeof value === 'string') return value;
    throw this.unexpected(column, 'a string');
  }

  strOrNull(column: string): string | null {
    return this.isNull(column) ? null : this.str(column);
  }

  /** A boolean column: SQLite stores 0/1, PostgreSQL returns booleans. */
  bool(column: string): boolean {
    const value = this.data[column];
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
    const value = this.data[column];
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
    const value = this.data[column];
    if (value instanceof Uint8Array) return value;
    throw this.unexpected(column, 'bytes');
  }

  private unexpected(column: string, expected: string): Error {
    const value = this.data[column];
    return new Error(`Column '${column}': expected ${expected}, got ${value === null ? 'null' : typeof value}`);
  }
}
