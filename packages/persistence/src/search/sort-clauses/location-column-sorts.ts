import { binaryOrder } from '../../db/collation.js';
import { l } from '../search-aliases.js';
import { sortClauseHandler, uniqueKey } from '../sort-clause-handler.js';

/**
 * Location sort clauses (as in Legacy): depth, path string (string order: `/1/10/` before
 * `/1/2/`), priority, id of the hit's location. In a content search there is no hit location, so they order
 * nothing (core rejects them there before the engine runs; the evaluator compares nulls as equal).
 */
export const locationDepthSort = sortClauseHandler('LocationDepth', (_clause, ctx) =>
  ctx.target === 'location' ? [l.depth] : [],
);

/**
 * LocationPath: `l.path_string` in code-point order. A path string ends with the location's own id, so no two
 * locations share one (a unique key).
 */
export const locationPathSort = sortClauseHandler('LocationPath', (_clause, ctx) =>
  ctx.target === 'location' ? [uniqueKey(binaryOrder(ctx.dialect, l.pathString))] : [],
);

/** LocationPriority: `l.priority`. */
export const locationPrioritySort = sortClauseHandler('LocationPriority', (_clause, ctx) =>
  ctx.target === 'location' ? [l.priority] : [],
);

/** LocationId: `l.id` (a unique key). */
export const locationIdSort = sortClauseHandler('LocationId', (_clause, ctx) =>
  ctx.target === 'location' ? [uniqueKey(l.id)] : [],
);
