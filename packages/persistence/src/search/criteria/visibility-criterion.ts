import { TABLES } from '../../schema/index.js';
import { criterionHandler } from '../criterion-handler.js';
import { c, l } from '../search-aliases.js';

/** The item's locations (`vl`). */
const vl = TABLES.location.$as('vl');

/**
 * Visibility (as in Legacy). Location search: the hit's `invisible` flag only. Content
 * search: VISIBLE = some location neither hidden nor invisible; HIDDEN = some location hidden or invisible (an
 * item can match both).
 */
export const visibilityCriterion = criterionHandler('Visibility', (criterion, ctx) => {
  const hidden = criterion.value === 'HIDDEN';
  if (ctx.target === 'location') {
    return (query) => {
      query.where(l.invisible, hidden);
    };
  }
  const locations = ctx.kx(`${vl}`).select(vl.contentId).where(vl.depth, '>', 0);
  if (hidden) {
    locations.where((either) => {
      either.where(vl.hidden, true).orWhere(vl.invisible, true);
    });
  } else {
    locations.where(vl.hidden, false).where(vl.invisible, false);
  }
  return (query) => {
    query.whereIn(c.id, locations);
  };
});
