import type { RangeOperator } from '@contentrepo/core';
import type { Knex } from '@mikro-orm/knex';

/**
 * A range operator on a numeric column, as core's `compareRange`: EQ/GT/GTE/LT/LTE use the first value, IN all
 * values, BETWEEN the first two (inclusive). A missing operand matches nothing (the evaluator compares with NaN).
 */
export function whereRange(query: Knex.QueryBuilder, column: string, operator: RangeOperator, values: readonly number[]): void {
  const [first, second] = values;
  if (operator === 'IN') {
    query.whereIn(column, [...values]);
    return;
  }
  if (first === undefined || (operator === 'BETWEEN' && second === undefined)) {
    query.whereRaw('1 = 0');
    return;
  }
  switch (operator) {
    case 'EQ':
      query.where(column, first);
      return;
    case 'GT':
      query.where(column, '>', first);
      return;
    case 'GTE':
      query.where(column, '>=', first);
      return;
    case 'LT':
      query.where(column, '<', first);
      return;
    case 'LTE':
      query.where(column, '<=', first);
      return;
    case 'BETWEEN':
      query.where(column, '>=', first).andWhere(column, '<=', second ?? first);
      return;
  }
}
