import type { Knex } from '@mikro-orm/knex';
import type { Dialect } from '../db/dialect.js';

/**
 * What a migration step writes DDL through: the knex schema builder for dialect-neutral tables and plain
 * statements for the few platform-specific ones (full-text, sequences, collations).
 */
export interface DdlWriter {
  readonly knex: Knex;
  readonly dialect: Dialect;
  /** Adds every statement of a knex schema builder (one statement per entry, as SQLite requires). */
  schema(builder: Knex.SchemaBuilder): void;
  /** Adds one raw statement. */
  sql(statement: string): void;
}

/**
 * Column type of strings compared and sorted byte-wise on both dialects: SQLite's default BINARY collation,
 * PostgreSQL `COLLATE "C"`. Used for path strings (prefix ranges `>= '/1/2/' AND < '/1/20'` must follow byte
 * order, which locale collations do not) and for sort keys, so that both engines order strings the same way.
 */
export function binaryText(dialect: Dialect, type = 'text'): string {
  return dialect === 'postgresql' ? `${type} COLLATE "C"` : type;
}
