import { SORT_FIELDS, type FieldInput, type SortField, type SortOrder } from '@contentrepo/core';
import { BadRequestError } from '../../http/rest-errors.js';
import type { InputReader } from '../reader.js';

/** `sortField` (the case-sensitive enum of Ibexa's LocationCreate). @throws BadRequestError */
export function sortField(input: InputReader, required: boolean): SortField | undefined {
  const value = required ? input.requiredString('sortField') : input.optionalString('sortField');
  if (value === undefined) return undefined;
  const field = SORT_FIELDS.find((candidate) => candidate === value);
  if (!field) throw new BadRequestError(`Invalid sortField '${value}' in ${input.struct}: expected one of ${SORT_FIELDS.join(', ')}.`);
  return field;
}

/** `sortOrder`: `ASC`/`DESC`, case-insensitive. @throws BadRequestError */
export function sortOrder(input: InputReader, required: boolean): SortOrder | undefined {
  const value = required ? input.requiredString('sortOrder') : input.optionalString('sortOrder');
  if (value === undefined) return undefined;
  const upper = value.toUpperCase();
  if (upper !== 'ASC' && upper !== 'DESC') throw new BadRequestError(`Invalid sortOrder '${value}' in ${input.struct}: expected ASC or DESC.`);
  return upper;
}

/** A date element (anything `Date.parse` reads, or Unix seconds). @throws BadRequestError */
export function optionalDate(input: InputReader, key: string): Date | undefined {
  const raw = input.raw(key);
  if (raw === undefined || raw === null) return undefined;
  const date = typeof raw === 'number' ? new Date(raw * 1000) : typeof raw === 'string' ? new Date(raw) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw new BadRequestError(`Invalid date in '${key}' of ${input.struct}.`);
  return date;
}

/**
 * `fields.field[]` of ContentCreate/VersionUpdate: each `{fieldDefinitionIdentifier (req.),
 * languageCode?, fieldValue (req., may be null)}`; the hash is passed to core untouched.
 * @throws BadRequestError
 */
export function fieldInputs(input: InputReader, required: boolean): FieldInput[] {
  const fields = required ? input.requiredObject('fields') : input.optionalObject('fields');
  if (!fields) return [];
  return fields.objectList('field', 'field').map((field) => {
    if (field.raw('fieldValue') === undefined) throw field.missing('fieldValue');
    const languageCode = field.optionalString('languageCode');
    return {
      fieldDefIdentifier: field.requiredString('fieldDefinitionIdentifier'),
      ...(languageCode === undefined ? {} : { languageCode }),
      value: field.raw('fieldValue') ?? null,
    };
  });
}
