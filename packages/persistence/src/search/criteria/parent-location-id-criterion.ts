import { criterionHandler } from '../criterion-handler.js';
import { locationMatch } from '../location-condition.js';

/** ParentLocationId: direct children of the given locations (index `location(parent_id, priority)`). */
export const parentLocationIdCriterion = criterionHandler('ParentLocationId', (criterion, ctx) =>
  locationMatch(ctx, (query, at) => {
    query.whereIn(at.parentId, [...criterion.values]);
  }),
);
