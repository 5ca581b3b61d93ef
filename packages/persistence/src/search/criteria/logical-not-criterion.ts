import { criterionHandler } from '../criterion-handler.js';

/** LogicalNot: the child does not match. In a content search NOT of a location criterion means "no location matches". */
export const logicalNotCriterion = criterionHandler('LogicalNot', (criterion, ctx) => {
  const child = ctx.applyNegated(criterion.criterion);
  return (query) => {
    query.whereNot((inner) => child(inner));
  };
});
