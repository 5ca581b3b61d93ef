import { criterionHandler } from '../criterion-handler.js';
import { locationMatch } from '../location-condition.js';

/** The location ids on path strings (`/1/2/58/` → 1, 2, 58), as core's evaluator reads them (`Number` of each part). */
export function pathIds(paths: readonly string[]): number[] {
  const ids = paths.flatMap((path) => path.split('/').filter((part) => part !== '').map(Number));
  return [...new Set(ids.filter((id) => Number.isSafeInteger(id)))];
}

/**
 * Ancestor: the location is one of the locations on the given path strings — the ancestors of the last id
 * and itself (content search: any location of the item).
 */
export const ancestorCriterion = criterionHandler('Ancestor', (criterion, ctx) => {
  const ids = pathIds(criterion.values);
  return locationMatch(ctx, (query, at) => {
    query.whereIn(at.id, ids);
  });
});
