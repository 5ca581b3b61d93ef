import type { Knex } from '@mikro-orm/knex';
import type { CriterionContext, WhereBuilder } from './criterion-handler.js';

/** Adds a condition on the location table alias it is given. */
export type LocationCondition = (query: Knex.QueryBuilder, alias: string) => void;

/**
 * A location criterion (search-auth-errors-data.md A.9): in a location search it applies to the hit's own
 * location `l`; in a content search the item matches when ANY of its locations (the virtual root excluded)
 * matches, i.e. `c.id IN (SELECT content_id FROM location WHERE …)`, which lets the planner start from a
 * selective location index.
 */
export function locationMatch(ctx: CriterionContext, condition: LocationCondition): WhereBuilder {
  if (ctx.target === 'location') return (query) => query.where((inner) => condition(inner, 'l'));
  return (query) =>
    query.whereIn(
      'c.id',
      ctx.kx('location as ml').select('ml.content_id').where('ml.depth', '>', 0).where((inner) => condition(inner, 'ml')),
    );
}
