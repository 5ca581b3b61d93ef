import { criterionHandler } from '../criterion-handler.js';
import { locationMatch } from '../location-condition.js';

/** LocationRemoteId: the location's remoteId is one of the values (content search: any location). */
export const locationRemoteIdCriterion = criterionHandler('LocationRemoteId', (criterion, ctx) =>
  locationMatch(ctx, (query, l) => query.whereIn(`${l}.remote_id`, [...criterion.values])),
);
