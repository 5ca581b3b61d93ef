import { BigIntType } from '@mikro-orm/core';

/**
 * Property definitions shared by the entity schemas, matching the DDL of `migrations/` (which is the source of
 * truth for the database; the entity schemas describe the same tables to MikroORM).
 */
export const INT = { type: 'integer' } as const;
/** A smallint column (status and sort codes). */
export const SMALLINT = { type: 'smallint' } as const;
/** A boolean column (SQLite stores 0/1). */
export const BOOL = { type: 'boolean' } as const;
/** An unbounded text column. */
export const TEXT = { type: 'text' } as const;
/** A JSON column (JSON text on SQLite, jsonb on PostgreSQL). */
export const JSON_COLUMN = { type: 'json' } as const;

/** A string column of at most `length` characters. */
export function varchar(length: number): { readonly type: 'string'; readonly length: number } {
  return { type: 'string', length };
}

/** A bigint column read as a JS number (safe up to 2^53). */
export function bigintNumber(): { readonly type: BigIntType<'number'> } {
  return { type: new BigIntType('number') };
}

/** A date column: Unix seconds in a bigint, read as a JS number. */
export const seconds = bigintNumber;
