import { NotImplementedError, type Criterion, type ResolvedQuery } from '@contentrepo/core';
import type { Knex } from '@mikro-orm/knex';
import { contentStatusCode } from '../db/codes.js';
import type { Dialect } from '../db/dialect.js';
import { CRITERION_HANDLERS } from './criteria/index.js';
import type { CriterionContext, CriterionType, RegisteredCriterionHandler, SearchTarget, WhereBuilder } from './criterion-handler.js';
import { SORT_CLAUSE_HANDLERS } from './sort-clauses/index.js';
import {
  applySortJoin,
  type RegisteredSortClauseHandler,
  type SortClauseType,
  type SortContext,
  type SortJoin,
  type SortKey,
} from './sort-clause-handler.js';
import type { SqlFragment } from './sql-fragment.js';

const CRITERIA: ReadonlyMap<CriterionType, RegisteredCriterionHandler> = new Map(
  CRITERION_HANDLERS.map((handler) => [handler.type, handler]),
);
const SORT_CLAUSES: ReadonlyMap<SortClauseType, RegisteredSortClauseHandler> = new Map(
  SORT_CLAUSE_HANDLERS.map((handler) => [handler.type, handler]),
);

/**
 * Hits are published items. The status is written literally (not bound) so that SQLite checks it in the partial
 * index `content_published_items_index` (migration 0002) instead of reading each candidate's row.
 */
const PUBLISHED = `c.status = ${contentStatusCode('PUBLISHED')}`;

/** The two statements of a search: the exact total and (unless `limit` is 0) the page of ids. */
export interface SearchStatements {
  readonly count: Knex.QueryBuilder;
  readonly page: Knex.QueryBuilder | null;
}

/**
 * Builds a content search (`content c`, published items, one row each) or a location search (`location l ⋈
 * content c`, locations of published items, the virtual root excluded), with the criterion translated by the
 * registered handlers, the sort clauses then the deterministic tie-break (content id / location id ascending,
 * sort-clause.ts), offset and limit. Nothing is filtered in memory.
 *
 * The query's `languageFilter` does not restrict hits by itself (the search service ANDs a LanguageCode criterion
 * for that): it selects the translation Field-like criteria and the Field sort clause read, and the languages
 * FullText searches (docs/adr/0004-search-semantics.md).
 *
 * @throws NotImplementedError for a criterion or sort clause without a handler.
 */
export function buildSearch(kx: Knex, dialect: Dialect, target: SearchTarget, query: ResolvedQuery): SearchStatements {
  const { languageFilter } = query;
  const contexts = [false, true].map((negated): CriterionContext => ({
    target,
    kx,
    dialect,
    languageFilter,
    negated,
    apply: (criterion) => applyCriterion(criterion, contextOf(negated)),
    applyNegated: (criterion) => applyCriterion(criterion, contextOf(!negated)),
  }));
  const contextOf = (negated: boolean): CriterionContext => {
    const context = contexts[negated ? 1 : 0];
    if (!context) throw new Error('no criterion context');
    return context;
  };
  const where = contextOf(false).apply(query.criterion);
  const base =
    target === 'content'
      ? kx('content as c').whereRaw(PUBLISHED)
      : kx('location as l').join('content as c', 'c.id', 'l.content_id').whereRaw(PUBLISHED).where('l.depth', '>', 0);
  base.where((inner) => where(inner));
  const count = base.clone().count({ total: '*' });
  if (query.limit <= 0) return { count, page: null };

  const joins = new Set<SortJoin>();
  const leftJoins: SqlFragment[] = [];
  const sortContext: SortContext = {
    target,
    dialect,
    languageFilter,
    join: (table) => joins.add(table),
    leftJoin: (on) => {
      const alias = `sj${leftJoins.length}`;
      leftJoins.push(on(alias));
      return alias;
    },
  };
  const keys: { key: SortKey; ascending: boolean }[] = [];
  for (const clause of query.sortClauses) {
    const handler = SORT_CLAUSES.get(clause.type);
    if (!handler) throw new NotImplementedError(`No handler available for Sort Clause: ${clause.type}`);
    for (const key of handler.keys(clause, sortContext)) keys.push({ key, ascending: clause.direction === 'ascending' });
  }
  const tieBreak = target === 'content' ? 'c.id' : 'l.id';
  const page = base.clone().select(`${tieBreak} as id`);
  for (const join of joins) applySortJoin(page, join);
  for (const join of leftJoins) page.joinRaw(`LEFT JOIN ${join.sql}`, [...join.bindings]);
  for (const { key, ascending } of keys) page.orderByRaw(`${key} ${ascending ? 'ASC NULLS FIRST' : 'DESC NULLS LAST'}`);
  page.orderBy(tieBreak, 'asc').offset(Math.max(0, query.offset)).limit(query.limit);
  return { count, page };
}

function applyCriterion(criterion: Criterion, ctx: CriterionContext): WhereBuilder {
  const handler = CRITERIA.get(criterion.type);
  if (!handler) throw new NotImplementedError(`No visitor available for: ${criterion.type}`);
  return handler.handle(criterion, ctx);
}
