import { whereRemoteIdIn } from '../../db/remote-id-sql.js';
import { criterionHandler } from '../criterion-handler.js';
import { locationMatch } from '../location-condition.js';

/**
 * LocationRemoteId: the location's remoteId is one of the values, case-insensitively (`lower(remote_id) IN`, the
 * unique index's expression; content search: any location).
 */
export const locationRemoteIdCriterion = criterionHandler('LocationRemoteId', (criterion, ctx) =>
  locationMatch(ctx, (query, at) => {
    whereRemoteIdIn(query, at.remoteId, criterion.values);
  }),
);
