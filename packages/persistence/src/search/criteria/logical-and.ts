import { alwaysTrue, criterionHandler } from '../criterion-handler.js';

/** LogicalAnd: every child matches; an empty list matches everything (core's evaluator: `every` of nothing). */
export const logicalAndCriterion = criterionHandler('LogicalAnd', (criterion, ctx) => {
  const children = criterion.criteria.map((child) => ctx.apply(child));
  if (children.length === 0) return alwaysTrue;
  return (query) => {
    query.where((group) => {
      for (const child of children) group.andWhere((inner) => child(inner));
    });
  };
});
