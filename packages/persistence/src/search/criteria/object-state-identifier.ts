import { criterionHandler } from '../criterion-handler.js';

/**
 * ObjectStateIdentifier (A.5): the item is in a state with one of the identifiers, of the state group
 * `groupIdentifier` when it is set (any group otherwise).
 */
export const objectStateIdentifierCriterion = criterionHandler('ObjectStateIdentifier', (criterion, ctx) => (query) => {
  const states = ctx
    .kx('content_object_state as sis')
    .join('object_state as sio', 'sio.id', 'sis.state_id')
    .select('sis.content_id')
    .whereIn('sio.identifier', [...criterion.values]);
  if (criterion.groupIdentifier !== null) {
    states.join('object_state_group as sig', 'sig.id', 'sio.group_id').where('sig.identifier', criterion.groupIdentifier);
  }
  query.whereIn('c.id', states);
});
