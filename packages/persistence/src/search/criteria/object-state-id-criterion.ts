import { TABLES } from '../../schema/index.js';
import { criterionHandler } from '../criterion-handler.js';
import { c } from '../search-aliases.js';

const { contentObjectState } = TABLES;

/** ObjectStateId: the item is linked to one of the states (index `content_object_state(state_id)`). */
export const objectStateIdCriterion = criterionHandler('ObjectStateId', (criterion, ctx) => (query) => {
  const links = contentObjectState;
  query.whereIn(c.id, ctx.kx(links.$name).select(links.contentId).whereIn(links.stateId, [...criterion.values]));
});
