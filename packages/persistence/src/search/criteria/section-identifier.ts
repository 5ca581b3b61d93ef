import { criterionHandler } from '../criterion-handler.js';

/** SectionIdentifier: the item's section has one of the identifiers, exactly (A.5). */
export const sectionIdentifierCriterion = criterionHandler('SectionIdentifier', (criterion, ctx) => (query) => {
  query.whereIn('c.section_id', ctx.kx('section as sid').select('sid.id').whereIn('sid.identifier', [...criterion.values]));
});
