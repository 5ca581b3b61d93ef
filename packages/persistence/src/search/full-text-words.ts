import { fullTextAlternatives, type FullTextAlternative } from '@contentrepo/core';
import { contentStatusCode } from '../db/codes.js';
import type { Dialect } from '../db/dialect.js';
import { fragment, joinFragments, type SqlFragment, sqlOf } from './sql-fragment.js';
import { containsCondition } from './wildcard.js';

/**
 * The first string after every string that starts with `prefix`, in code-point order (SQLite BINARY, PostgreSQL
 * `COLLATE "C"`): the prefix with its last code point incremented (surrogates skipped, a maximal last code point
 * dropped first). Null when no such string exists (every string matches).
 */
export function codePointUpperBound(prefix: string): string | null {
  const points = [...prefix].map((character) => character.codePointAt(0) ?? 0);
  for (let end = points.length - 1; end >= 0; end -= 1) {
    const last = points[end] ?? 0x10ffff;
    if (last >= 0x10ffff) continue;
    const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
    return String.fromCodePoint(...points.slice(0, end), next);
  }
  return null;
}

/** `column` starts with `prefix`, as an index range (the empty prefix: every non-null value). */
function startsWith(column: string, prefix: string): SqlFragment {
  const upper = codePointUpperBound(prefix);
  return upper === null ? fragment(`${column} IS NOT NULL`) : fragment(`${column} >= ? AND ${column} < ?`, prefix, upper);
}

/** The reversed code points of a word (`search_word.reversed`, for suffix queries). */
export function reversedWord(word: string): string {
  return [...word].reverse().join('');
}

/**
 * The condition on the dictionary row `w` of one alternative (core's `matchesAlternative`): exact = equality,
 * prefix = a range on `word`, suffix = a range on `reversed`, infix = a substring scan of the dictionary. Null
 * when it can match no word (the empty exact word, or a NUL character, which no indexed word holds).
 */
export function alternativeCondition(dialect: Dialect, alternative: FullTextAlternative): SqlFragment | null {
  const { kind, text } = alternative;
  if (text.includes('\u0000') || (kind === 'exact' && text === '')) return null;
  switch (kind) {
    case 'exact':
      return fragment('w.word = ?', text);
    case 'prefix':
      return startsWith('w.word', text);
    case 'suffix':
      return startsWith('w.reversed', reversedWord(text));
    case 'infix':
      return containsCondition(dialect, 'w.word', text);
  }
}

/**
 * Whether the dictionary word `w` is NOT a stop word (A.7 step 6): fewer than `floor(0.66 × published items)`
 * published items hold it in any language. `df < floor(0.66 n)` is `50 (df + 1) ≤ 33 n` in integers (equal to
 * core's floating-point `stopWordThreshold`). The item count is computed once per statement; a word's document
 * frequency (published items holding it) is counted only when its postings could reach the threshold, so the
 * cost is proportional to the postings of the words the query matches.
 */
function notStopWord(): SqlFragment {
  const published = contentStatusCode('PUBLISHED');
  // The literal status lets both counts use the partial index `content_published_items_index` (migration 0002).
  const items = `(SELECT COUNT(*) FROM content nc WHERE nc.status = ${published})`;
  const postings = '(SELECT COUNT(*) FROM search_word_link pl WHERE pl.word_id = w.id)';
  const frequency =
    '(SELECT COUNT(DISTINCT sl.content_id) FROM search_word_link sl JOIN content sc ON sc.id = sl.content_id ' +
    `WHERE sl.word_id = w.id AND sc.status = ${published})`;
  // The word's postings (an index range count) bound its frequency: when they are few, the exact count is skipped.
  return fragment(`(50 * (${postings} + 1) <= 33 * ${items} OR 50 * (${frequency} + 1) <= 33 * ${items})`);
}

/**
 * The ids of the dictionary words a FullText query matches (any alternative of core's `fullTextAlternatives`)
 * that are not stop words; null when no alternative can match anything.
 */
export function matchedWords(dialect: Dialect, query: string): SqlFragment | null {
  const conditions = fullTextAlternatives(query).flatMap((alternative) => {
    const condition = alternativeCondition(dialect, alternative);
    return condition ? [condition] : [];
  });
  const any = joinFragments(conditions, ' OR ');
  return any && sqlOf`SELECT w.id FROM search_word w WHERE (${any}) AND ${notStopWord()}`;
}
