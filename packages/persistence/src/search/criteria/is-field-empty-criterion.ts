import { criterionHandler, whereSql } from '../criterion-handler.js';
import { TABLES } from '../../schema/index.js';
import { fragment } from '../sql-fragment.js';
import { inFieldLanguage } from './field-criterion.js';

/** The field's index entries (`sf`). */
const sf = TABLES.searchField.$as('sf');

/**
 * IsFieldEmpty: the item's index entry of field `target` (in the language selected as for Field) is empty
 * (`value` true: no sort keys, no full text, no elements — core's `isEmptyEntry`, stored as `is_empty` when
 * indexed) or not (`value` false). Items without the field match neither.
 */
export const isFieldEmptyCriterion = criterionHandler('IsFieldEmpty', (criterion, ctx) =>
  whereSql(
    inFieldLanguage(ctx, [
      {
        table: 'search_field',
        alias: 'sf',
        condition: fragment(`${sf.fieldDefIdentifier} = ? AND ${sf.isEmpty} = ?`, criterion.target, criterion.value),
      },
    ]),
  ),
);
