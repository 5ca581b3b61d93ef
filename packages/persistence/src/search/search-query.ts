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
  type SortJoin,
  type SortKey,
} from './sort-clause-handler.js';

const CRITERIA: ReadonlyMap<CriterionType, RegisteredCriterionHandler> = new Map(
  CRITERION_HANDLERS.map((handler) => [handler.type, handler]),
);
const SORT_CLAUSES: ReadonlyMap<SortClauseType, RegisteredSortClauseHandler> = new Map(
  SORT_CLAUSE_HANDLERS.map((handler) => [handler.type, handler]),
);

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
 * The query's `languageFilter` does not restrict hits: core's reference evaluator ignores it (it selects the
 * translations loaded for the hits), and every engine must return the same hits.
 *
 * @throws NotImplementedError for a criterion or sort clause without a handler (Field, FullText, … until issue #3).
 */
export function buildSearch(kx: Knex, dialect: Dialect, target: SearchTarget, query: ResolvedQuery): SearchStatements {
  const ctx: CriterionContext = { target, kx, dialect, apply: (criterion) => applyCriterion(criterion, ctx) };
  const where = ctx.apply(query.criterion);
  const base =
    target === 'content'
      ? kx('content as c').where('c.status', contentStatusCode('PUBLISHED'))
      : kx('location as l')
          .join('content as c', 'c.id', 'l.content_id')
          .where('c.status', contentStatusCode('PUBLISHED'))
          .where('l.depth', '>', 0);
  base.where((inner) => where(inner));
  const count = base.clone().count({ total: '*' });
  if (query.limit <= 0) return { count, page: null };

  const joins = new Set<SortJoin>();
  const keys: { key: SortKey; ascending: boolean }[] = [];
  for (const clause of query.sortClauses) {
    const handler = SORT_CLAUSES.get(clause.type);
    if (!handler) throw new NotImplementedError(`No handler available for Sort Clause: ${clause.type}`);
    const sortContext = { target, dialect, join: (table: SortJoin) => joins.add(table) };
    for (const key of handler.keys(clause, sortContext)) keys.push({ key, ascending: clause.direction === 'ascending' });
  }
  const tieBreak = target === 'content' ? 'c.id' : 'l.id';
  const page = base.clone().select(`${tieBreak} as id`);
  for (const join of joins) applySortJoin(page, join);
  for (const { key, ascending } of keys) page.orderByRaw(`${key} ${ascending ? 'ASC NULLS FIRST' : 'DESC NULLS LAST'}`);
  page.orderBy(tieBreak, 'asc').offset(Math.max(0, query.offset)).limit(query.limit);
  return { count, page };
}

function applyCriterion(criterion: Criterion, ctx: CriterionContext): WhereBuilder {
  const handler = CRITERIA.get(criterion.type);
  if (!handler) throw new NotImplementedError(`No visitor available for: ${criterion.type}`);
  return handler.handle(criterion, ctx);
}
