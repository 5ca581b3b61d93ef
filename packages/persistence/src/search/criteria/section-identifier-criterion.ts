import { TABLES } from '../../schema/index.js';
import { criterionHandler } from '../criterion-handler.js';
import { c } from '../search-aliases.js';

/** The sections of the identifiers (`sid`). */
const sid = TABLES.section.$as('sid');

/** SectionIdentifier: the item's section has one of the identifiers, exactly. */
export const sectionIdentifierCriterion = criterionHandler('SectionIdentifier', (criterion, ctx) => (query) => {
  query.whereIn(c.sectionId, ctx.kx(`${sid}`).select(sid.id).whereIn(sid.identifier, [...criterion.values]));
});
