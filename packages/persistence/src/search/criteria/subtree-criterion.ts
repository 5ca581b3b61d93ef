import { prefixUpperBound } from '../../db/path-range.js';
import { criterionHandler } from '../criterion-handler.js';
import { locationMatch } from '../location-condition.js';

/**
 * Subtree: locations whose path string starts with one of the values, the subtree root included (Legacy
 * `path_string LIKE '<value>%'`), as index ranges `path_string >= '/1/2/' AND path_string < '/1/20'` so that
 * `/1/20/` never matches `/1/2/` (see `db/path-range.ts`).
 */
export const subtreeCriterion = criterionHandler('Subtree', (criterion, ctx) =>
  locationMatch(ctx, (query, at) => {
    query.where((paths) => {
      if (criterion.values.length === 0) paths.whereRaw('1 = 0');
      for (const prefix of criterion.values) {
        const upper = prefixUpperBound(prefix);
        paths.orWhere((range) => {
          if (upper === null) range.whereNotNull(at.pathString);
          else range.where(at.pathString, '>=', prefix).andWhere(at.pathString, '<', upper);
        });
      }
    });
  }),
);
