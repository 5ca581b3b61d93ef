import { FIELD_OPERATORS, type FieldOperator } from '@contentrepo/core';
import { BadRequestError } from '../../../http/rest-errors.js';
import { type DecodedInput, getOwn, isDecodedArray, isDecodedObject } from '../../decoded-input.js';
import type { CriterionParser } from './criterion-parser-support.js';

/** Parser of the `Field` criterion of ViewInput (the Legacy search engine's Field criterion semantics apply). */

const FORMAT_ERROR = '<Field> format expects name, operator and value keys';
const isFieldOperator = (value: string): value is FieldOperator => FIELD_OPERATORS.some((operator) => operator === value);

/**
 * The values of `value`: a scalar, a list of scalars, or the XML single-element list form
 * `<value><value>a</value></value>` (decoded as `{value: "a"}`).
 */
function fieldValues(data: DecodedInput): (string | number | boolean)[] {
  const unwrapped = isDecodedObject(data) ? getOwn(data, 'value') : data;
  const items = isDecodedArray(unwrapped) ? unwrapped : [unwrapped];
  return items.map((item) => {
    if (item === undefined || item === null || typeof item === 'object') throw new BadRequestError(`${FORMAT_ERROR}: 'value' must be a value or a list of values`);
    return item;
  });
}

/**
 * `{name, operator, value}`, all required. The operator is case-insensitive; the number of values an operator
 * takes is checked by core (406 `Too many arguments for unary operator`), the target too (406/501, as the Legacy
 * engine's field lookup).
 */
export const fieldCriterion: CriterionParser = (data) => {
  if (!isDecodedObject(data)) throw new BadRequestError(FORMAT_ERROR);
  const name = getOwn(data, 'name');
  const operator = getOwn(data, 'operator');
  const value = getOwn(data, 'value');
  if (name === undefined || name === null || operator === undefined || operator === null || value === undefined || value === null) {
    throw new BadRequestError(FORMAT_ERROR);
  }
  if (typeof name !== 'string' || name.trim() === '') throw new BadRequestError(`${FORMAT_ERROR}: 'name' must be a field identifier`);
  const upper = String(operator).toUpperCase();
  if (!isFieldOperator(upper)) throw new BadRequestError(`Unexpected Field operator. Expected one of: ${FIELD_OPERATORS.join(', ')}`);
  return { type: 'Field', target: name, operator: upper, values: fieldValues(value) };
};
