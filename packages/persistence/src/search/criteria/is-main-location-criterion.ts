import { criterionHandler } from '../criterion-handler.js';
import { locationMatch } from '../location-condition.js';
import { c } from '../search-aliases.js';

/** IsMainLocation: the location is (or is not) its content's main location (content search: any location). */
export const isMainLocationCriterion = criterionHandler('IsMainLocation', (criterion, ctx) =>
  locationMatch(ctx, (query, at) => {
    // NULL-safe, so that NOT of it stays the evaluator's complement for an item without a main location.
    if (criterion.value) query.whereRaw(`(${c.mainLocationId} IS NOT NULL AND ${at.id} = ${c.mainLocationId})`);
    else query.whereRaw(`(${c.mainLocationId} IS NULL OR ${at.id} <> ${c.mainLocationId})`);
  }),
);
