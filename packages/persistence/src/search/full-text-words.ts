import { fullTextAlternatives, type FullTextAlternative } from '@contentrepo/core';
import { chunks } from '../db/batches.js';
import { contentStatusCode } from '../db/codes.js';
import type { Dialect } from '../db/dialect.js';
import type { SqlContext } from '../db/sql-context.js';
import { placeholders } from '../db/statement.js';
import { TABLES } from '../schema/index.js';
import { fragment, joinFragments, type SqlFragment } from './sql-fragment.js';
import { containsCondition } from './wildcard.js';

const { content } = TABLES;
/** A dictionary word (`w`) and the postings of a word (`pl`, `sl`) with their items (`sc`). */
const w = TABLES.searchWord.$as('w');
const pl = TABLES.searchWordLink.$as('pl');
const sl = TABLES.searchWordLink.$as('sl');
const sc = TABLES.content.$as('sc');

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
      return fragment(`${w.word} = ?`, text);
    case 'prefix':
      return startsWith(w.word, text);
    case 'suffix':
      return startsWith(w.reversed, reversedWord(text));
    case 'infix':
      return containsCondition(dialect, w.word, text);
  }
}

/** A dictionary word an alternative matched, with the number of its postings (an upper bound of its frequency). */
interface MatchedWord {
  readonly id: number;
  readonly postings: number;
}

/**
 * The smallest number of published items `n` for which a word held by `frequency` of them is not a stop word:
 * `50 (frequency + 1) ≤ 33 n` (Legacy's stop-word rule `df < floor(0.66 n)` in integers, equal to core's
 * `stopWordThreshold`).
 */
export function itemsNeeded(frequency: number): number {
  return Math.floor((50 * (frequency + 1) + 32) / 33);
}

const PUBLISHED = contentStatusCode('PUBLISHED');

/**
 * The statement counting published items up to a bound (its one parameter): an index scan of at most that many
 * entries of the partial index `content_published_items_index` (migration 0002), whose condition the literal
 * status matches; the exact count when it is below the bound.
 */
export const PUBLISHED_ITEMS_UP_TO = `SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${content} WHERE ${content.status} = ${PUBLISHED} LIMIT ?) bounded`;

/** The published items counted up to `bound` ({@link PUBLISHED_ITEMS_UP_TO}). */
async function publishedItemsUpTo(ctx: SqlContext, bound: number): Promise<number> {
  const [row] = await ctx.rawRows(PUBLISHED_ITEMS_UP_TO, [bound]);
  return row?.int('n') ?? 0;
}

/** Document frequencies (published items holding the word, any language) of `ids`. */
async function frequencies(ctx: SqlContext, ids: readonly number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  for (const batch of chunks(ids)) {
    const rows = await ctx.rawRows(
      `SELECT ${sl.wordId} AS id, COUNT(DISTINCT ${sl.contentId}) AS df FROM ${sl} JOIN ${sc} ON ${sc.id} = ${sl.contentId} ` +
        `WHERE ${sl.wordId} IN (${placeholders(batch.length)}) AND ${sc.status} = ${PUBLISHED} GROUP BY ${sl.wordId}`,
      batch,
    );
    for (const row of rows) result.set(row.int('id'), row.int('df'));
  }
  return result;
}

/**
 * The statement of the dictionary words some alternative of `query` matches (core's `fullTextAlternatives`), each
 * with its number of postings (`id`, `postings`); null when no alternative can match a word.
 */
export function dictionaryQuery(dialect: Dialect, query: string): SqlFragment | null {
  const conditions = fullTextAlternatives(query).flatMap((alternative) => {
    const condition = alternativeCondition(dialect, alternative);
    return condition ? [condition] : [];
  });
  const any = joinFragments(conditions, ' OR ');
  const postings = `(SELECT COUNT(*) FROM ${pl} WHERE ${pl.wordId} = ${w.id}) AS postings`;
  return any && { sql: `SELECT ${w.id} AS id, ${postings} FROM ${w} WHERE ${any.sql}`, bindings: any.bindings };
}

async function dictionaryMatches(ctx: SqlContext, query: string): Promise<MatchedWord[]> {
  const statement = dictionaryQuery(ctx.dialect, query);
  if (!statement) return [];
  const rows = await ctx.rawRows(statement.sql, statement.bindings);
  return rows.map((row) => ({ id: row.int('id'), postings: row.int('postings') }));
}

/**
 * The words each FullText query of a search matches, stop words left out (docs/adr/0004-search-semantics.md),
 * as ids of the dictionary `search_word`, sorted — decided when the search runs, since publishing moves words in
 * and out of the stop words:
 * 1. the dictionary words an alternative matches (equality, prefix and suffix ranges, an infix scan of the
 *    dictionary), each with its number of postings (an index range count), which bounds its frequency `df`;
 * 2. the published items counted only up to the largest number any of those postings needs (`itemsNeeded`): a
 *    word whose postings need no more than that is no stop word — no full count of the items;
 * 3. only when the items are fewer (then counted exactly) are the frequencies of the words concerned counted, and
 *    words with `50 (df + 1) > 33 n` left out.
 * A few statements per search whatever the data size; a query no alternative can match gets no words.
 */
export async function resolveFullTextWords(ctx: SqlContext, queries: readonly string[]): Promise<ReadonlyMap<string, readonly number[]>> {
  const result = new Map<string, readonly number[]>();
  const matches = new Map<string, MatchedWord[]>();
  for (const query of new Set(queries)) matches.set(query, await dictionaryMatches(ctx, query));
  const all = [...matches.values()].flat();
  if (all.length === 0) {
    for (const query of matches.keys()) result.set(query, []);
    return result;
  }
  const bound = all.reduce((most, word) => Math.max(most, itemsNeeded(word.postings)), 0);
  const items = await publishedItemsUpTo(ctx, bound);
  const doubtful = [...new Set(all.filter((word) => itemsNeeded(word.postings) > items).map((word) => word.id))];
  const frequency = doubtful.length === 0 ? new Map<number, number>() : await frequencies(ctx, doubtful);
  const kept = (word: MatchedWord): boolean => itemsNeeded(word.postings) <= items || itemsNeeded(frequency.get(word.id) ?? 0) <= items;
  for (const [query, words] of matches) {
    result.set(query, [...new Set(words.filter(kept).map((word) => word.id))].sort((a, b) => a - b));
  }
  return result;
}
