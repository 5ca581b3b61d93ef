import type { Dialect } from '../db/dialect.js';
import { TABLES } from '../schema/index.js';
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

/**
 * The FTS5 trigram table over the `ezstring` entries of `search_field` (migration 0011; an accelerator outside the
 * schema description, named after its table).
 */
const TRIGRAM_TABLE = `${TABLES.searchField.$name}_trigram`;

/** Field types whose `search_field` entries the trigram indexes of migration 0011 cover. */
export const TRIGRAM_FIELD_TYPES: ReadonlySet<string> = new Set(['ezstring']);

/**
 * `column` contains `text` as a substring (the empty string is in every value; code points compared exactly, the
 * column holds lower-cased text and `text` is lower-cased by the caller).
 *
 * `trigram`: the row's `search_field` entry is of a type in {@link TRIGRAM_FIELD_TYPES} (`rowid` names its rowid),
 * so the trigram indexes of migration 0011 may serve the test:
 * - SQLite, `text` of 3 code points or more: the entry's rowid is among those of the FTS5 trigram table
 *   (`trigram case_sensitive 1`: the pattern's trigrams in a row, a phrase query), and `instr` checks it again;
 *   shorter patterns have no trigram and scan with `instr`.
 * - PostgreSQL: `LIKE '%text%'` (`\` escaping `%`, `_` and `\`), which the `pg_trgm` GIN index serves when it
 *   exists; without it, a scan with the same result.
 * Otherwise `instr` / `strpos`.
 */
export function containsCondition(dialect: Dialect, column: string, text: string, trigram: { readonly rowid: string } | null = null): SqlFragment {
  if (trigram !== null && dialect === 'postgresql' && text !== '') {
    return fragment(`${column} LIKE ? ESCAPE '\\'`, `%${text.replace(/[\\%_]/g, (special) => `\\${special}`)}%`);
  }
  if (dialect === 'postgresql') return fragment(`strpos(${column}, ?) > 0`, text);
  if (trigram !== null && [...text].length >= 3) {
    const phrase = `"${text.replace(/"/g, '""')}"`;
    return fragment(`${trigram.rowid} IN (SELECT rowid FROM ${TRIGRAM_TABLE} WHERE ${TRIGRAM_TABLE} MATCH ?) AND instr(${column}, ?) > 0`, phrase, text);
  }
  return fragment(`instr(${column}, ?) > 0`, text);
}
