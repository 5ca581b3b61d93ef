import type { Criterion, SortClause } from '@contentrepo/core';
import type { Knex } from '@mikro-orm/knex';
import { TABLES } from '../schema/index.js';
import type { CriterionContext, CriterionType, WhereBuilder } from './criterion-handler.js';
import { c, l, type LocationRef } from './search-aliases.js';

/** The item's locations, in a content search (`ml`). */
const ml = TABLES.location.$as('ml');

/** Adds a condition on the location (under the alias of the ref) it is given. */
export type LocationCondition = (query: Knex.QueryBuilder, at: LocationRef) => void;

/**
 * A location criterion (as in Legacy): in a location search it applies to the hit's own
 * location `l`; in a content search the item matches when ANY of its locations (the virtual root excluded)
 * matches, i.e. `c.id IN (SELECT content_id FROM location WHERE …)`, which lets the planner start from a
 * selective location index.
 *
 * In a content search the subquery also keeps only the items of the context's `itemPrefilters` (the content ids
 * the Field criteria ANDed with this one can match, `item-prefilter.ts`): the locations are then filtered before
 * any item is looked up. On SQLite the column is written `+ml.content_id` (the same value, in a term no index
 * serves), so that the subquery still walks the location index of the criterion and probes the prefilter's list.
 */
export function locationMatch(ctx: CriterionContext, condition: LocationCondition): WhereBuilder {
  if (ctx.target === 'location') {
    return (query) => {
      query.where((inner) => condition(inner, l));
    };
  }
  const item = `${ctx.dialect === 'sqlite' ? '+' : ''}${ml.contentId}`;
  return (query) => {
    const locations = ctx.kx(`${ml}`).select(ml.contentId).where(ml.depth, '>', 0).where((inner) => condition(inner, ml));
    for (const prefilter of ctx.itemPrefilters) locations.whereRaw(`${item} IN (${prefilter.sql})`, [...prefilter.bindings]);
    query.whereIn(c.id, locations);
  };
}

/**
 * Criteria translated by {@link locationMatch}: in a content search, one `location` subquery of the item (which
 * can take the prefilters of the Field criteria ANDed with it, `item-prefilter.ts`).
 */
export const LOCATION_MATCH_CRITERIA: ReadonlySet<CriterionType> = new Set<CriterionType>([
  'Subtree',
  'ParentLocationId',
  'LocationId',
  'LocationRemoteId',
  'Ancestor',
  'LocationDepth',
  'LocationPriority',
  'IsMainLocation',
  'IsBookmarked',
]);

/**
 * Criteria whose handlers read, in a location search, the hit's location row `l` only (tree, location keys,
 * `invisible`, bookmarks) — with the logical ones when all their children do. `query-plans.test.ts` runs each of
 * them in a location search without the item joined.
 */
export const LOCATION_ROW_CRITERIA: ReadonlySet<CriterionType> = new Set<CriterionType>([
  'MatchAll',
  'MatchNone',
  'LocationId',
  'LocationRemoteId',
  'ParentLocationId',
  'Subtree',
  'Ancestor',
  'LocationDepth',
  'LocationPriority',
  'Visibility',
  'IsBookmarked',
]);

/** Sort clauses whose keys, in a location search, read the hit's location row only. */
const LOCATION_ROW_SORT_CLAUSES: ReadonlySet<SortClause['type']> = new Set(['LocationDepth', 'LocationPath', 'LocationPriority', 'LocationId', 'Score']);

/**
 * Whether a location search reads its hits' items (`content c`): some criterion or sort clause is not answered by
 * the location row alone. When none is, the search reads `location` only — no item to look up per location.
 */
export function readsItem(criterion: Criterion, sortClauses: readonly SortClause[]): boolean {
  const reads = (node: Criterion): boolean => {
    switch (node.type) {
      case 'LogicalAnd':
      case 'LogicalOr':
        return node.criteria.some(reads);
      case 'LogicalNot':
        return reads(node.criterion);
      default:
        return !LOCATION_ROW_CRITERIA.has(node.type);
    }
  };
  return reads(criterion) || sortClauses.some((clause) => !LOCATION_ROW_SORT_CLAUSES.has(clause.type));
}
