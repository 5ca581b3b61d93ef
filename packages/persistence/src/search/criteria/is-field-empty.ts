import { criterionHandler, whereSql } from '../criterion-handler.js';
import { fragment } from '../sql-fragment.js';
import { inFieldLanguage } from './field.js';

/**
 * IsFieldEmpty: the item's index entry of field `target` (in the language selected as for Field) is empty
 * (`value` true: no sort keys, no full text, no elements — core's `isEmptyEntry`, stored as `is_empty` when
 * indexed) or not (`value` false). Items without the field match neither.
 */
export const isFieldEmptyCriterion = criterionHandler('IsFieldEmpty', (criterion, ctx) =>
  whereSql(
    inFieldLanguage(ctx, [
      { table: 'search_field', alias: 'sf', condition: fragment('sf.field_def_identifier = ? AND sf.is_empty = ?', criterion.target, criterion.value) },
    ]),
  ),
);
