import { criterionHandler } from '../criterion-handler.js';
import { TABLES } from '../../schema/index.js';
import { locationMatch } from '../location-condition.js';

/** The user's bookmarks (`bm`). */
const bm = TABLES.bookmark.$as('bm');

/**
 * IsBookmarked (a location criterion): the location is (`value` true) or is not (false) bookmarked by the
 * user, read from the `bookmark` table (user_id, location_id).
 */
export const isBookmarkedCriterion = criterionHandler('IsBookmarked', (criterion, ctx) =>
  locationMatch(ctx, (query, at) => {
    const bookmarked = ctx.kx(`${bm}`).select(ctx.kx.raw('1')).where(bm.userId, criterion.userId).whereRaw(`${bm.locationId} = ${at.id}`);
    if (criterion.value) query.whereExists(bookmarked);
    else query.whereNotExists(bookmarked);
  }),
);
