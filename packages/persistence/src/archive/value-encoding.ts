import type { ColumnDescription } from '../schema/index.js';
import { ArchiveError } from './archive-format.js';
import type { Row } from '../db/row.js';
import type { SqlValue } from '../db/sql-session.js';

/** A column value as an archive carries it: plain JSON, the same whichever engine wrote it. */
export type ArchiveValue = string | number | boolean | null;

/**
 * Whether a column may hold SQL NULL on some engine: nullable in the description, or on SQLite where the
 * committed table allows it (`onSqlite({ nullable: true })`).
 */
function nullable(column: ColumnDescription): boolean {
  return column.nullable || column.sqlite?.nullable === true;
}

/**
 * Encodes one column of a database row, engine-neutrally:
 * - `integer`, `smallint`, `bigint` (dates are Unix seconds in a bigint): a JSON number (PostgreSQL hands
 *   bigints over as strings; SQLite as numbers);
 * - `boolean`: `true`/`false` (SQLite stores 0/1);
 * - `text`, `varchar(n)`: the string;
 * - `json`: the JSON document as text (SQLite stores text, PostgreSQL's `jsonb` arrives parsed), so that SQL NULL
 *   (`null`) and a JSON document stay apart;
 * - `bytes`: base64.
 * @throws Error when the stored value does not fit its column type (a storage bug), or an integer is not exactly
 *   representable as a JSON number (beyond ±2^53).
 */
export function encodeValue(column: ColumnDescription, row: Row): ArchiveValue {
  const { name } = column;
  if (row.isNull(name)) return null;
  switch (column.type) {
    case 'integer':
    case 'smallint':
    case 'bigint': {
      const value = row.int(name);
      if (!Number.isSafeInteger(value)) throw new Error(`Column '${name}': ${value} is not a safe integer`);
      return value;
    }
    case 'boolean':
      return row.bool(name);
    case 'text':
      return row.str(name);
    case 'json':
      return JSON.stringify(row.json(name));
    case 'bytes':
      return Buffer.from(row.bytes(name)).toString('base64');
    default:
      return row.str(name);
  }
}

/** Base64 as `Buffer.toString('base64')` writes it (padded, no line breaks). */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Decodes one value of an archive line into what a statement binds for `column` (the inverse of
 * {@link encodeValue}): numbers, booleans, strings, JSON text (checked to parse) and Buffers for bytes.
 * @throws ArchiveError `corrupt` (naming `table` and the column) when the value does not have its column's type, is null in a
 *   NOT NULL column, or is malformed JSON/base64: the archive is corrupt or was not written by this format.
 */
export function decodeValue(table: string, column: ColumnDescription, value: unknown): SqlValue {
  const where = `${table}.${column.name}`;
  const bad = (expected: string): Error => new ArchiveError('corrupt', `Corrupt archive: ${where} expects ${expected}, got ${JSON.stringify(value)}`);
  if (value === null) {
    if (!nullable(column)) throw bad('a value (the column is NOT NULL)');
    return null;
  }
  switch (column.type) {
    case 'integer':
    case 'smallint':
    case 'bigint':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw bad('an integer');
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw bad('a boolean');
      return value;
    case 'json':
      if (typeof value !== 'string') throw bad('JSON text');
      try {
        JSON.parse(value);
      } catch {
        throw bad('JSON text');
      }
      return value;
    case 'bytes':
      if (typeof value !== 'string' || !BASE64.test(value)) throw bad('base64 bytes');
      return Buffer.from(value, 'base64');
    default:
      if (typeof value !== 'string') throw bad('a string');
      if (column.type !== 'text') {
        const length = Number(/^varchar\((\d+)\)$/.exec(column.type)?.[1] ?? Number.POSITIVE_INFINITY);
        if ([...value].length > length) throw bad(`at most ${length} characters`);
      }
      return value;
  }
}
