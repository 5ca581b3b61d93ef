import { criterionHandler } from '../criterion-handler.js';
import { locationMatch } from '../location-condition.js';

/** IsMainLocation: the location is (or is not) its content's main location (content search: any location). */
export const isMainLocationCriterion = criterionHandler('IsMainLocation', (criterion, ctx) =>
  locationMatch(ctx, (query, l) => {
    // NULL-safe, so that NOT of it stays the evaluator's complement for an item without a main location.
    if (criterion.value) query.whereRaw(`(c.main_location_id IS NOT NULL AND ${l}.id = c.main_location_id)`);
    else query.whereRaw(`(c.main_location_id IS NULL OR ${l}.id <> c.main_location_id)`);
  }),
);
