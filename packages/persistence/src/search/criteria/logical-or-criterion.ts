import { alwaysFalse, criterionHandler } from '../criterion-handler.js';

/** LogicalOr: some child matches; an empty list matches nothing (core's evaluator: `some` of nothing). */
export const logicalOrCriterion = criterionHandler('LogicalOr', (criterion, ctx) => {
  const children = criterion.criteria.map((child) => ctx.apply(child));
  if (children.length === 0) return alwaysFalse;
  return (query) => {
    query.where((group) => {
      for (const child of children) group.orWhere((inner) => child(inner));
    });
  };
});
