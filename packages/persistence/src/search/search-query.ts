import { NotImplementedError, type Criterion, type FieldTypesByFamily, type ResolvedQuery } from '@contentrepo/core';
import type { Knex } from '@mikro-orm/knex';
import { contentStatusCode } from '../db/codes.js';
import type { Dialect } from '../db/dialect.js';
import { CRITERION_HANDLERS } from './criteria/index.js';
import type {
  CriterionContext,
  CriterionPlan,
  CriterionType,
  RegisteredCriterionHandler,
  SearchTarget,
  WhereBuilder,
} from './criterion-handler.js';
import { readsItem } from './location-condition.js';
import { SORT_CLAUSE_HANDLERS } from './sort-clauses/index.js';
import { sortedWalk } from './sorted-walk.js';
import {
  applySortJoin,
  type RegisteredSortClauseHandler,
  type SortClauseType,
  type SortContext,
  type SortJoin,
} from './sort-clause-handler.js';
import { c, l } from './search-aliases.js';
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
const PUBLISHED = `${c.status} = ${contentStatusCode('PUBLISHED')}`;

/** No prefilters, Field criteria as lists of entries (the plain translation). */
const NO_PLAN: CriterionPlan = { itemPrefilters: [], probeFields: false };

/**
 * The statements of a search: the exact total; unless `limit` is 0, the page of ids; and the same page with the
 * total of the whole match on each row (`COUNT(*) OVER ()` as `total`), which replaces the two when the page has to
 * visit every match anyway (`search-statements.ts`).
 */
export interface SearchStatements {
  readonly count: Knex.QueryBuilder;
  readonly page: Knex.QueryBuilder | null;
  readonly countedPage: Knex.QueryBuilder | null;
  /**
   * For a listing sorted by one Field clause descending (`sorted-walk.ts`): the first `rows` (offset + limit) hits
   * read in sort order from the sort field's entries; the page when it returns `rows` rows, else unusable.
   */
  readonly walk: { readonly statement: Knex.QueryBuilder; readonly rows: number } | null;
}

/** What a search needs besides the query to build its SQL: decided from the data, or given by the engine. */
export interface SearchPreparation {
  /** The dictionary ids of the words of each FullText query of the criterion, stop words left out. */
  readonly fullTextWords: ReadonlyMap<string, readonly number[]>;
  /**
   * The field types the engine was built with, by search family (`SqlSearchHandler`): the families a Field target
   * can have when the query does not list its types (`ResolvedQuery.fieldTargetTypes`).
   */
  readonly fieldTypes: FieldTypesByFamily;
}

/**
 * Builds a content search (`content c`, published items, one row each) or a location search (`location l`, the
 * virtual root excluded, with its item as `c`), with the criterion translated by the registered handlers, the sort
 * clauses then the deterministic tie-break (content id / location id ascending, sort-clause.ts; left out after a
 * unique key), offset and limit. Nothing is filtered in memory.
 *
 * A location search does not check the item's status: every row of `location` belongs to a published item (the
 * invariant documented in `handlers/location/sql-location-handler.ts` and tested by the tree invariants: drafts'
 * locations are pending, trashed items' locations are in `trash`). The item is joined only when a criterion or
 * sort clause reads it (`readsItem`): a subtree listing reads the location index alone.
 *
 * The query's `languageFilter` does not restrict hits by itself (the search service ANDs a LanguageCode criterion
 * for that): it selects the translation Field-like criteria and the Field sort clause read, and the languages
 * FullText searches (docs/adr/0004-search-semantics.md).
 *
 * @throws NotImplementedError for a criterion or sort clause without a handler.
 */
export function buildSearch(
  kx: Knex,
  dialect: Dialect,
  target: SearchTarget,
  query: ResolvedQuery,
  preparation: SearchPreparation,
): SearchStatements {
  const { languageFilter } = query;
  const fieldTargetTypes = (fieldTarget: string): FieldTypesByFamily | null => query.fieldTargetTypes?.get(fieldTarget) ?? null;
  const fullTextWords = (value: string): readonly number[] => {
    const ids = preparation.fullTextWords.get(value);
    if (!ids) throw new Error(`FullText words of '${value}' were not resolved`);
    return ids;
  };
  const contextOf = (negated: boolean, plan: CriterionPlan = NO_PLAN): CriterionContext => ({
    target,
    kx,
    dialect,
    languageFilter,
    negated,
    itemPrefilters: plan.itemPrefilters,
    probeFields: plan.probeFields,
    fieldTargetTypes,
    registeredFieldTypes: preparation.fieldTypes,
    fullTextWords,
    // Prefilters go to the one criterion a LogicalAnd chose, never further down; Field probing to an OR's Fields.
    apply: (criterion) => applyCriterion(criterion, contextOf(negated, plan.probeFields ? { itemPrefilters: [], probeFields: true } : NO_PLAN)),
    applyNegated: (criterion) => applyCriterion(criterion, contextOf(!negated)),
    applyWith: (criterion, childPlan) => applyCriterion(criterion, contextOf(negated, childPlan)),
  });
  const where = contextOf(false).apply(query.criterion);
  let base: Knex.QueryBuilder;
  if (target === 'content') base = kx(`${c}`).whereRaw(PUBLISHED);
  else {
    base = kx(`${l}`).where(l.depth, '>', 0);
    if (readsItem(query.criterion, query.sortClauses)) base.join(`${c}`, c.id, l.contentId);
  }
  base.where((inner) => where(inner));
  const count = base.clone().count({ total: '*' });
  if (query.limit <= 0) return { count, page: null, countedPage: null, walk: null };
  const walk =
    target === 'content' ? sortedWalk(kx, dialect, query, applyCriterion(query.criterion, contextOf(false, { itemPrefilters: [], probeFields: true })), PUBLISHED) : null;

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
  const keys: { sql: string; ascending: boolean }[] = [];
  let total = false;
  for (const clause of query.sortClauses) {
    const handler = SORT_CLAUSES.get(clause.type);
    if (!handler) throw new NotImplementedError(`No handler available for Sort Clause: ${clause.type}`);
    for (const key of handler.keys(clause, sortContext)) {
      if (total) continue;
      keys.push({ sql: typeof key === 'string' ? key : key.sql, ascending: clause.direction === 'ascending' });
      total = typeof key !== 'string';
    }
  }
  const tieBreak = target === 'content' ? c.id : l.id;
  const ordered = (columns: readonly string[]): Knex.QueryBuilder => {
    const page = base.clone().select(kx.raw(columns.join(', ')));
    for (const join of joins) applySortJoin(page, join);
    for (const join of leftJoins) page.joinRaw(`LEFT JOIN ${join.sql}`, [...join.bindings]);
    for (const { sql, ascending } of keys) page.orderByRaw(`${sql} ${ascending ? 'ASC NULLS FIRST' : 'DESC NULLS LAST'}`);
    if (!total) page.orderBy(tieBreak, 'asc');
    return page.offset(Math.max(0, query.offset)).limit(query.limit);
  };
  return { count, page: ordered([`${tieBreak} AS id`]), countedPage: ordered([`${tieBreak} AS id`, 'COUNT(*) OVER () AS total']), walk };
}

function applyCriterion(criterion: Criterion, ctx: CriterionContext): WhereBuilder {
  const handler = CRITERIA.get(criterion.type);
  if (!handler) throw new NotImplementedError(`No visitor available for: ${criterion.type}`);
  return handler.handle(criterion, ctx);
}
