import { criterionHandler } from '../criterion-handler.js';
import { locationMatch } from '../location-condition.js';

/** LocationId: the location's id is one of the values (content search: any location). */
export const locationIdCriterion = criterionHandler('LocationId', (criterion, ctx) =>
  locationMatch(ctx, (query, at) => {
    query.whereIn(at.id, [...criterion.values]);
  }),
);
