import { alwaysTrue, criterionHandler } from '../criterion-handler.js';
import { conjuncts, prefilteredConjuncts } from '../item-prefilter.js';

/**
 * LogicalAnd: every child matches; an empty list matches everything (core's evaluator: `every` of nothing). Nested
 * LogicalAnds are flattened into one conjunction, whose Field criteria may prefilter a location criterion
 * (`item-prefilter.ts`).
 */
export const logicalAndCriterion = criterionHandler('LogicalAnd', (criterion, ctx) => {
  const children = prefilteredConjuncts(conjuncts(criterion.criteria), ctx);
  if (children.length === 0) return alwaysTrue;
  return (query) => {
    query.where((group) => {
      for (const child of children) group.andWhere((inner) => child(inner));
    });
  };
});
