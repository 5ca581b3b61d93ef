import { TABLES } from '../../schema/index.js';
import { criterionHandler } from '../criterion-handler.js';
import { c } from '../search-aliases.js';

/** The item's states (`sis`), each state (`sio`) and its group (`sig`). */
const sis = TABLES.contentObjectState.$as('sis');
const sio = TABLES.objectState.$as('sio');
const sig = TABLES.objectStateGroup.$as('sig');

/**
 * ObjectStateIdentifier: the item is in a state with one of the identifiers, of the state group
 * `groupIdentifier` when it is set (any group otherwise).
 */
export const objectStateIdentifierCriterion = criterionHandler('ObjectStateIdentifier', (criterion, ctx) => (query) => {
  const states = ctx
    .kx(`${sis}`)
    .join(`${sio}`, sio.id, sis.stateId)
    .select(sis.contentId)
    .whereIn(sio.identifier, [...criterion.values]);
  if (criterion.groupIdentifier !== null) {
    states.join(`${sig}`, sig.id, sio.groupId).where(sig.identifier, criterion.groupIdentifier);
  }
  query.whereIn(c.id, states);
});
