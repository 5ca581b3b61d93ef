import type { Dialect } from '../db/dialect.js';
import { fragment, type SqlFragment, valueList } from './sql-fragment.js';

/** Most ids bound one by one; longer lists are bound as one JSON array (SQLite allows 32,766 parameters). */
const MAX_LISTED_IDS = 200;

/**
 * The inside of `IN (…)` for a list of integer ids: `?, ?, ?` for a short list; for a long one (an infix full-text
 * query may match thousands of dictionary words) a single JSON array parameter unpacked by the database (SQLite
 * `json_each`, PostgreSQL `jsonb_array_elements_text`), so that the statement stays within the parameter limits.
 * Callers guard against an empty list.
 */
export function idList(dialect: Dialect, ids: readonly number[]): SqlFragment {
  if (ids.length <= MAX_LISTED_IDS) return valueList(ids);
  const json = JSON.stringify(ids);
  return dialect === 'postgresql'
    ? fragment('SELECT CAST(value AS integer) FROM jsonb_array_elements_text(CAST(? AS jsonb))', json)
    : fragment('SELECT value FROM json_each(?)', json);
}
