import { criterionHandler } from '../criterion-handler.js';
import { locationMatch } from '../location-condition.js';

/** LocationRemoteId: the location's remoteId is one of the values (content search: any location). */
export const locationRemoteIdCriterion = criterionHandler('LocationRemoteId', (criterion, ctx) =>
  locationMatch(ctx, (query, at) => {
    query.whereIn(at.remoteId, [...criterion.values]);
  }),
);
