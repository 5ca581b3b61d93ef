import { criterionHandler } from '../criterion-handler.js';
import { locationMatch } from '../location-condition.js';
import { whereRange } from '../range-condition.js';

/** LocationDepth: the location's depth satisfies the range operator (content search: any location). */
export const locationDepthCriterion = criterionHandler('LocationDepth', (criterion, ctx) =>
  locationMatch(ctx, (query, at) => whereRange(query, at.depth, criterion.operator, criterion.values)),
);
