import { criterionHandler } from '../criterion-handler.js';
import { locationMatch } from '../location-condition.js';

/** IsMainLocation: the location is (or is not) its content's main location (content search: any location). */
export const isMainLocationCriterion = criterionHandler('IsMainLocation', (criterion, ctx) =>
  locationMatch(ctx, (query, l) => {
    if (criterion.value) query.whereRaw(`${l}.id = c.main_location_id`);
    else query.whereRaw(`(c.main_location_id IS NULL OR ${l}.id <> c.main_location_id)`);
  }),
);
