import type { ResolvedQuery } from '@contentrepo/core';
import type { CompiledQuery, SqlContext } from '../db/sql-context.js';
import type { SearchTarget } from './criterion-handler.js';
import { buildSearch, type SearchPreparation } from './search-query.js';

/**
 * The compiled statements of one search: the exact total and (unless `limit` is 0) the page of ids — or, when
 * `counted`, a single statement giving the page with the total on each row (`COUNT(*) OVER ()`), the count
 * statement then only serving a page beyond the last hit.
 */
export interface CompiledSearch {
  readonly count: CompiledQuery;
  readonly page: CompiledQuery | null;
  readonly counted: boolean;
  /** The page of ids without any count (null when `limit` is 0): what a query with `performCount` false runs. */
  readonly uncountedPage: CompiledQuery | null;
  /** The sorted walk of a listing (`sorted-walk.ts`) and the rows that make it the page (offset + limit). */
  readonly walk: { readonly statement: CompiledQuery; readonly rows: number } | null;
}

/** Searches kept compiled (most recently used first out of the map's insertion order: an LRU). */
const CACHE_SIZE = 500;
const cache = new Map<string, CompiledSearch>();

/**
 * Whether a page statement pays for the whole match before its first row, judged from SQLite's plan (the `detail`
 * of each step): it sorts the whole match (`USE TEMP B-TREE FOR ORDER BY`, not only ties), or it builds more than
 * one IN list (`LIST SUBQUERY`: an uncorrelated list is built whole on first use, and only one can drive the loop —
 * a subtree's items, a word's postings, a field range). Then the page with a window count replaces the two
 * statements, which would each pay it. Otherwise the page walks an index in order, or the one list that drives it,
 * and stops after `offset + limit` hits (a listing; a single word), which a window count would turn into a walk
 * of the whole match.
 */
export function paysForWholeMatch(plan: readonly string[]): boolean {
  return plan.includes('USE TEMP B-TREE FOR ORDER BY') || plan.filter((step) => step.startsWith('LIST SUBQUERY')).length > 1;
}

/**
 * How a search runs, per shape (measured on 100,000 items): two statements (count, page) or one page
 * that counts (`COUNT(*) OVER ()`). On SQLite the plan of the page decides ({@link paysForWholeMatch}): set-heavy
 * searches (a field range within a subtree, a sort by name or date) evaluate their criterion once instead of
 * twice; listings (a subtree by path with an offset, the items of a word by id) keep a page that stops early.
 * PostgreSQL runs the two statements concurrently on two pooled connections, so they stay two.
 */
async function countsWithPage(ctx: SqlContext, page: CompiledQuery): Promise<boolean> {
  if (ctx.dialect !== 'sqlite') return false;
  const known = planDecisions.get(page.sql);
  if (known !== undefined) return known;
  const plan = await ctx.rawRows(`EXPLAIN QUERY PLAN ${page.sql}`, page.bindings.filter(isBinding));
  const decision = paysForWholeMatch(plan.map((row) => row.str('detail')));
  if (!/\b(?:GLOB|LIKE)\b/i.test(page.sql)) {
    if (planDecisions.size >= CACHE_SIZE) planDecisions.clear();
    planDecisions.set(page.sql, decision);
  }
  return decision;
}

/**
 * {@link countsWithPage} by SQL text: searches that differ only in their values (a title search per word, a
 * listing per category) share their statements' text, and SQLite, without statistics, plans a statement the same
 * whatever its bound values — except a `GLOB`/`LIKE` pattern, whose literal prefix may become an index range
 * (such statements are not kept). Saves planning each new search again.
 */
const planDecisions = new Map<string, boolean>();

const isBinding = (value: unknown): value is string | number | boolean | null =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * The statements of a search, compiled by {@link buildSearch} (knex) on first use and then reused while the same
 * search comes back — children lists of the same parent, the same page of a listing. The SQL of a search is a
 * pure function of the dialect, the target, the query's criterion, sort clauses, offset, limit, language filter
 * (which selects the field language and full-text languages, see `search-query.ts`) and field target types, of
 * the words its full-text queries resolved to and of the engine's field types, so those make the key. Compiled
 * statements hold no result.
 * @throws NotImplementedError for a criterion or sort clause without a handler (never cached).
 */
export async function compiledSearch(
  ctx: SqlContext,
  target: SearchTarget,
  query: ResolvedQuery,
  preparation: SearchPreparation,
): Promise<CompiledSearch> {
  const key = JSON.stringify([
    ctx.dialect,
    target,
    query.criterion,
    query.sortClauses,
    query.offset,
    query.limit,
    query.languageFilter,
    [...(query.fieldTargetTypes ?? [])],
    [...preparation.fullTextWords],
    preparation.fieldTypes,
  ]);
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const { count, page, countedPage, walk } = buildSearch(ctx.kx, ctx.dialect, target, query, preparation);
  const compiledPage = page === null ? null : ctx.compile(page);
  const counted = compiledPage !== null && countedPage !== null && (await countsWithPage(ctx, compiledPage));
  const compiled: CompiledSearch = {
    count: ctx.compile(count),
    page: counted && countedPage !== null ? ctx.compile(countedPage) : compiledPage,
    counted,
    uncountedPage: compiledPage,
    walk: walk === null ? null : { statement: ctx.compile(walk.statement), rows: walk.rows },
  };
  if (cache.size >= CACHE_SIZE) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(key, compiled);
  return compiled;
}
