import type { ResolvedQuery } from '@contentrepo/core';
import type { CompiledQuery, SqlContext } from '../db/sql-context.js';
import type { SearchTarget } from './criterion-handler.js';
import { buildSearch } from './search-query.js';

/** The compiled statements of one search: the exact total and (unless `limit` is 0) the page of ids. */
export interface CompiledSearch {
  readonly count: CompiledQuery;
  readonly page: CompiledQuery | null;
}

/** Searches kept compiled (most recently used first out of the map's insertion order: an LRU). */
const CACHE_SIZE = 500;
const cache = new Map<string, CompiledSearch>();

/**
 * The statements of a search, compiled by {@link buildSearch} (knex) on first use and then reused while the same
 * search comes back — children lists of the same parent, the same page of a listing. The SQL of a search is a
 * pure function of the dialect, the target and the query's criterion, sort clauses, offset, limit and language
 * filter (which selects the field language and full-text languages, see `search-query.ts`), so those make the key.
 * @throws NotImplementedError for a criterion or sort clause without a handler (never cached).
 */
export function compiledSearch(ctx: SqlContext, target: SearchTarget, query: ResolvedQuery): CompiledSearch {
  const key = JSON.stringify([ctx.dialect, target, query.criterion, query.sortClauses, query.offset, query.limit, query.languageFilter]);
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const { count, page } = buildSearch(ctx.kx, ctx.dialect, target, query);
  const compiled = { count: ctx.compile(count), page: page && ctx.compile(page) };
  if (cache.size >= CACHE_SIZE) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(key, compiled);
  return compiled;
}
