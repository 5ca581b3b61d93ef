import type { RepositoryError } from '@contentrepo/core';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { isRecord } from './row.js';
import type { SqlContext } from './sql-context.js';

/**
 * Whether a driver error is a unique (or primary key) constraint violation, as MikroORM's exception converter of
 * the active driver classifies it (`UniqueConstraintViolationException`: SQLite "UNIQUE constraint failed",
 * PostgreSQL SQLSTATE 23505).
 */
export function isUniqueViolation(ctx: SqlContext, error: unknown): boolean {
  if (!isErrorLike(error)) return false;
  return ctx.em.getDriver().convertException(error) instanceof UniqueConstraintViolationException;
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
