import { binaryOrder } from '../../db/collation.js';
import { c } from '../search-aliases.js';
import { sortClauseHandler, uniqueKey } from '../sort-clause-handler.js';

/**
 * Sort clauses on columns of the content item (as in Legacy): ContentId `c.id` (unique in a
 * content search; several locations share it in a location search), ContentName the
 * stored main-language name lower-cased (`c.sort_name`, code-point order as core's evaluator), DateModified
 * `c.modified`, DatePublished `c.published` (NULL first ascending).
 */
export const contentIdSort = sortClauseHandler('ContentId', (_clause, ctx) => [ctx.target === 'content' ? uniqueKey(c.id) : c.id]);

/** ContentName: the lower-cased main-language name in code-point order. */
export const contentNameSort = sortClauseHandler('ContentName', (_clause, ctx) => [binaryOrder(ctx.dialect, c.sortName)]);

/** DateModified: `c.modified`. */
export const dateModifiedSort = sortClauseHandler('DateModified', () => [c.modified]);

/** DatePublished: `c.published` (NULL first ascending). */
export const datePublishedSort = sortClauseHandler('DatePublished', () => [c.published]);
