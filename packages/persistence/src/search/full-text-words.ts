import { fullTextAlternatives, type FullTextAlternative } from '@contentrepo/core';
import { chunks } from '../db/batches.js';
import { contentStatusCode } from '../db/codes.js';
import type { Dialect } from '../db/dialect.js';
import type { SqlContext } from '../db/sql-context.js';
import { placeholders } from '../db/statement.js';
import { TABLES } from '../schema/index.js';
import { fragment, joinFragments, type SqlFragment } from './sql-fragment.js';
import { containsCondition } from './wildcard.js';

const { content, searchWordList } = TABLES;
/** A dictionary word (`w`) and the word lists holding a word (`pl`, `sl`) with their items (`sc`). */
const w = TABLES.searchWord.$as('w');
const pl = searchWordList.$as('pl');
const sl = searchWordList.$as('sl');
const sc = TABLES.content.$as('sc');
/** The word lists of a FullText criterion without languages on PostgreSQL (`fl`). */
const fl = searchWordList.$as('fl');

/**
 * The low bits of a word list's id that number its language: the id is `content_id × WORD_LIST_SLOTS + slot`, the
 * slot below {@link WORD_LIST_SLOTS} and unique among the item's languages (`search_word_list`), so the item is the
 * id shifted right by these bits. An item has at most as many languages as the repository (Ibexa: 30 or fewer,
 * language ids being bits of an integer).
 */
export const WORD_LIST_SLOT_BITS = 5;
/** See {@link WORD_LIST_SLOT_BITS}: 32 ids per item. */
export const WORD_LIST_SLOTS = 2 ** WORD_LIST_SLOT_BITS;

/** The SQLite FTS5 table of migration 0013 indexing `search_word_list.word_ids` (external content, rowid = `id`). */
export const WORD_LIST_FTS = `${searchWordList.$name}_fts`;

/**
 * The PostgreSQL expression of migration 0013's GIN index: the `word_ids` of a word list (column `column`) as an
 * integer array. Written exactly as the index expression so that the planner uses the index.
 */
export function wordIdArray(column: string): string {
  return `CAST(string_to_array(${column}, ' ') AS integer[])`;
}

/** The FTS5 query of word lists holding one of `ids`: the ids as quoted tokens joined by OR. */
function anyWordQuery(ids: readonly number[]): string {
  return ids.map((id) => `"${Math.trunc(id)}"`).join(' OR ');
}

/**
 * The statement of the items having a word list that holds one of the dictionary ids `ids`, any language (a
 * `SELECT` of one column for `IN (…)`): SQLite reads the item straight from the FTS5 rowids (`rowid >> 5`, see
 * `WORD_LIST_SLOT_BITS`), PostgreSQL the lists the GIN index finds. Callers guard against no ids.
 */
export function itemsHoldingAny(dialect: Dialect, ids: readonly number[]): SqlFragment {
  if (dialect === 'sqlite') return fragment(`SELECT rowid >> ${WORD_LIST_SLOT_BITS} FROM ${WORD_LIST_FTS} WHERE ${WORD_LIST_FTS} MATCH ?`, anyWordQuery(ids));
  const holds = wordListHoldsAny(dialect, fl, ids);
  return { sql: `SELECT ${fl.contentId} FROM ${fl} WHERE ${holds.sql}`, bindings: holds.bindings };
}

/**
 * The condition "the word list `list` holds one of the dictionary ids `ids`", read from the database's inverted
 * index of migration 0013: SQLite an FTS5 query (the ids as quoted tokens joined by OR) over
 * `search_word_list_fts`, whose rowids are the lists' ids; PostgreSQL the overlap `&&` of the lists' id arrays
 * with the ids, answered by the GIN index. One parameter whatever the number of ids (callers guard against none).
 */
export function wordListHoldsAny(dialect: Dialect, list: { readonly id: string; readonly wordIds: string }, ids: readonly number[]): SqlFragment {
  const integers = ids.map((id) => Math.trunc(id));
  if (dialect === 'postgresql') return fragment(`${wordIdArray(list.wordIds)} && CAST(? AS integer[])`, `{${integers.join(',')}}`);
  return fragment(`${list.id} IN (SELECT rowid FROM ${WORD_LIST_FTS} WHERE ${WORD_LIST_FTS} MATCH ?)`, anyWordQuery(integers));
}

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

/**
 * A dictionary word an alternative matched, with the number of its postings — word lists holding it, one per item
 * and language (an upper bound of its frequency).
 */
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

/**
 * The words of the lists `sl` as a table `lw (value)` of the FROM clause, one row per word id: SQLite `json_each`
 * of the ids made a JSON array, PostgreSQL `unnest` of the id array.
 */
function listedWords(dialect: Dialect): string {
  return dialect === 'postgresql'
    ? `CROSS JOIN LATERAL unnest(${wordIdArray(sl.wordIds)}) AS lw (value)`
    : `CROSS JOIN json_each('[' || replace(${sl.wordIds}, ' ', ',') || ']') AS lw`;
}

/** Document frequencies (published items holding the word, any language) of `ids`. */
async function frequencies(ctx: SqlContext, ids: readonly number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  for (const batch of chunks(ids)) {
    const holds = wordListHoldsAny(ctx.dialect, sl, batch);
    const rows = await ctx.rawRows(
      `SELECT lw.value AS id, COUNT(DISTINCT ${sl.contentId}) AS df FROM ${sl} JOIN ${sc} ON ${sc.id} = ${sl.contentId} ${listedWords(ctx.dialect)} ` +
        `WHERE ${holds.sql} AND ${sc.status} = ${PUBLISHED} AND lw.value IN (${placeholders(batch.length)}) GROUP BY lw.value`,
      [...holds.bindings, ...batch],
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
  const postings =
    dialect === 'postgresql'
      ? `(SELECT COUNT(*) FROM ${pl} WHERE ${wordIdArray(pl.wordIds)} @> ARRAY[${w.id}]) AS postings`
      : `(SELECT COUNT(*) FROM ${WORD_LIST_FTS} WHERE ${WORD_LIST_FTS} MATCH '"' || ${w.id} || '"') AS postings`;
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
