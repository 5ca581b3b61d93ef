import type { RepositoryError } from '@contentrepo/core';
import { isRecord } from './row.js';
import type { SqlContext } from './sql-context.js';

/** SQLite extended result codes of unique and primary key violations (better-sqlite3 `SqliteError.code`). */
const SQLITE_UNIQUE_CODES: ReadonlySet<unknown> = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/**
 * Whether a driver error is a unique (or primary key) constraint violation, classified as MikroORM's exception
 * converters do: SQLite by its result code or message ("UNIQUE constraint failed"), PostgreSQL by SQLSTATE 23505.
 */
export function isUniqueViolation(ctx: SqlContext, error: unknown): boolean {
  if (!isErrorLike(error)) return false;
  const code = 'code' in error ? error.code : undefined;
  if (ctx.dialect === 'postgresql') return code === '23505';
  return SQLITE_UNIQUE_CODES.has(code) || error.message.includes('UNIQUE constraint failed');
}

/**
 * Error-shaped values: driver errors may come from another realm (better-sqlite3's native addon keeps the error
 * class of the context that loaded it first, e.g. under Jest), so `instanceof Error` is not reliable.
 */
function isErrorLike(value: unknown): value is Error {
  return isRecord(value) && typeof value['message'] === 'string' && typeof value['name'] === 'string';
}

/**
 * Runs one write and converts a unique violation into the semantic error `toError` builds (an
 * InvalidArgumentError naming the duplicated remoteId or login), per the SPI's error rules; other errors pass
 * unchanged. Wrap only the statement whose unique keys `toError` describes.
 */
export async function convertUniqueViolation<T>(
  ctx: SqlContext,
  work: () => Promise<T>,
  toError: () => RepositoryError,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(ctx, error)) throw toError();
    throw error;
  }
}
