import { remoteIdKey } from '@contentrepo/core';
import type { Knex } from '@mikro-orm/knex';

/**
 * `lower(<column>)`: the case-insensitive key of a remote id column (`content`, `location`, `trash`), the expression
 * of the unique indexes `content_remote_id_lower_unique` and `location_remote_id_lower_unique`. The columns are
 * byte-ordered, so it folds ASCII letters only on both dialects, exactly as core's `remoteIdKey` does: statements
 * compare it with `remoteIdKey(value)` and use the index.
 */
export function remoteIdKeyOf(column: string): string {
  return `lower(${column})`;
}

/**
 * Restricts `query` to rows whose remote id (`column`) is one of `values`, case-insensitively
 * (`lower(column) IN (…)` of the values' `remoteIdKey`); no values match nothing.
 */
export function whereRemoteIdIn(query: Knex.QueryBuilder, column: string, values: readonly string[]): void {
  if (values.length === 0) {
    query.whereRaw('1 = 0');
    return;
  }
  query.whereRaw(`${remoteIdKeyOf(column)} IN (${values.map(() => '?').join(', ')})`, values.map(remoteIdKey));
}
