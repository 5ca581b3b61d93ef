import { criterionHandler } from '../criterion-handler.js';
import { locationMatch } from '../location-condition.js';

/**
 * IsBookmarked (A.5, a location criterion): the location is (`value` true) or is not (false) bookmarked by the
 * user, read from the `bookmark` table (user_id, location_id).
 */
export const isBookmarkedCriterion = criterionHandler('IsBookmarked', (criterion, ctx) =>
  locationMatch(ctx, (query, l) => {
    const bookmarked = ctx.kx('bookmark as bm').select(ctx.kx.raw('1')).where('bm.user_id', criterion.userId).whereRaw(`bm.location_id = ${l}.id`);
    if (criterion.value) query.whereExists(bookmarked);
    else query.whereNotExists(bookmarked);
  }),
);
