import { criterionHandler } from '../criterion-handler.js';

/** ObjectStateId: the item is linked to one of the states (index `content_object_state(state_id)`). */
export const objectStateIdCriterion = criterionHandler('ObjectStateId', (criterion, ctx) => (query) => {
  query.whereIn('c.id', ctx.kx('content_object_state').select('content_id').whereIn('state_id', [...criterion.values]));
});
