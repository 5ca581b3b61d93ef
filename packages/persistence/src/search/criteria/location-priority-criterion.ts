import { criterionHandler } from '../criterion-handler.js';
import { locationMatch } from '../location-condition.js';
import { whereRange } from '../range-condition.js';

/** LocationPriority: the location's priority satisfies the range operator (content search: any location). */
export const locationPriorityCriterion = criterionHandler('LocationPriority', (criterion, ctx) =>
  locationMatch(ctx, (query, at) => whereRange(query, at.priority, criterion.operator, criterion.values)),
);
