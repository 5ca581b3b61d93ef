import { binaryOrder } from '../../db/collation.js';
import { sortClauseHandler, ss } from '../sort-clause-handler.js';

/** SectionIdentifier / SectionName: the item's section, joined once (code-point order). */
export const sectionIdentifierSort = sortClauseHandler('SectionIdentifier', (_clause, ctx) => {
  ctx.join('section');
  return [binaryOrder(ctx.dialect, ss.identifier)];
});

/** SectionName: the section name in code-point order. */
export const sectionNameSort = sortClauseHandler('SectionName', (_clause, ctx) => {
  ctx.join('section');
  return [binaryOrder(ctx.dialect, ss.name)];
});
