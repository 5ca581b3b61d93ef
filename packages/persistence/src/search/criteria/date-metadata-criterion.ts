import { alwaysFalse, criterionHandler, whereSql } from '../criterion-handler.js';
import { integerComparison } from '../integer-comparison.js';
import { c } from '../search-aliases.js';
import { sqlOf, fragment } from '../sql-fragment.js';

/**
 * DateMetadata (as in Legacy, docs/adr/0004): Unix seconds of `modified` (`c.modified`) or, for
 * `created` and `published`, the first publication date (`c.published`), compared with the range operator on
 * their indexes. `trashed` is refused by the search service (no trash search) and matches nothing here; an item
 * without a publication date never matches (kept NULL-safe for NOT).
 */
export const dateMetadataCriterion = criterionHandler('DateMetadata', (criterion) => {
  if (criterion.target === 'trashed') return alwaysFalse;
  const column = criterion.target === 'modified' ? c.modified : c.published;
  const comparison = integerComparison(column, criterion.operator, criterion.values);
  if (!comparison) return alwaysFalse;
  return whereSql(sqlOf`(${fragment(`${column} IS NOT NULL`)} AND ${comparison})`);
});
