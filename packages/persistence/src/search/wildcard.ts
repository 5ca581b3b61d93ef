import type { Dialect } from '../db/dialect.js';
import { fragment, type SqlFragment } from './sql-fragment.js';

/**
 * `column` matches a LIKE pattern of core's `wildcardMatch` (docs/adr/0004-search-semantics.md): `*` is any run
 * of characters, every other character — `%`, `_`, `?`, `[` included — is literal, and a pattern without `*` is
 * equality. The pattern is lower-cased here as `wildcardMatch` does; the column must hold lower-cased text
 * (sort keys, collection elements, the index's names and logins are written lower-cased).
 *
 * SQLite: `GLOB` (case-sensitive, code points; `[` and `?` escaped as `[[]` and `[?]`). PostgreSQL: `LIKE` with
 * `\` escaping `%`, `_` and `\`. Both use the column's byte-ordered index for a literal prefix.
 */
export function wildcardCondition(dialect: Dialect, column: string, pattern: string): SqlFragment {
  const lower = pattern.toLowerCase();
  if (!lower.includes('*')) return fragment(`${column} = ?`, lower);
  if (dialect === 'sqlite') return fragment(`${column} GLOB ?`, lower.replace(/[[?]/g, (special) => `[${special}]`));
  const like = lower.replace(/[\\%_]/g, (special) => `\\${special}`).replace(/\*/g, '%');
  return fragment(`${column} LIKE ? ESCAPE '\\'`, like);
}

/** `column` contains `text` as a substring (`instr` / `strpos`; the empty string is in every value). */
export function containsCondition(dialect: Dialect, column: string, text: string): SqlFragment {
  return fragment(dialect === 'postgresql' ? `strpos(${column}, ?) > 0` : `instr(${column}, ?) > 0`, text);
}
