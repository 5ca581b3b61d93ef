import type { Criterion, FieldOperator, SortClause } from '@contentrepo/core';
import { isArgMap, stringArg, type ArgMap } from '../schema/args.js';
import { userError } from './graphql-errors.js';

/**
 * Ibexa's `ContentSearchQuery` and `sortBy` of the typed list fields as core criteria and sort clauses. Criteria are
 * ANDed; dates take the forms PHP `strtotime` is used with (ISO dates, RFC dates, Unix timestamps, `@<timestamp>`,
 * `now`/`today`/`yesterday`/`tomorrow`, relative `-2 days`).
 */

const UNIT_SECONDS: Readonly<Record<string, number>> = {
  sec: 1, second: 1, min: 60, minute: 60, hour: 3600, day: 86_400, week: 604_800, fortnight: 1_209_600,
  month: 2_592_000, year: 31_536_000,
};

/** Unix seconds of a date string. @throws GraphQLError BAD_USER_INPUT when it cannot be read. */
export function parseDateInput(text: string, now: Date = new Date()): number {
  const value = text.trim().toLowerCase();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const midnight = Math.floor(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) / 1000);
  if (/^@?-?\d+$/.test(value)) return Number(value.replace('@', ''));
  if (value === 'now') return nowSeconds;
  if (value === 'today' || value === 'midnight') return midnight;
  if (value === 'yesterday') return midnight - 86_400;
  if (value === 'tomorrow') return midnight + 86_400;
  const relative = /^([+-]?\d+)\s*(sec|second|min|minute|hour|day|week|fortnight|month|year)s?(\s+ago)?$/.exec(value);
  if (relative) {
    const amount = Number(relative[1]) * (UNIT_SECONDS[relative[2] ?? ''] ?? 0);
    return nowSeconds + (relative[3] ? -amount : amount);
  }
  const parsed = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? `${text.trim()}T00:00:00Z` : text);
  if (Number.isNaN(parsed)) throw userError(`Invalid date '${text}'`, 'BAD_USER_INPUT');
  return Math.floor(parsed / 1000);
}

function dateCriteria(input: unknown, target: 'created' | 'modified'): Criterion[] {
  if (!isArgMap(input)) return [];
  const criteria: Criterion[] = [];
  const entries: [string, 'LTE' | 'GTE' | 'EQ'][] = [['before', 'LTE'], ['after', 'GTE'], ['on', 'EQ']];
  for (const [key, operator] of entries) {
    const value = stringArg(input, key);
    if (value !== undefined) criteria.push({ type: 'DateMetadata', target, operator, values: [parseDateInput(value)] });
  }
  return criteria;
}

/** Operators of `FieldCriterionInput`, in the order where the last given one wins (as in Ibexa's query mapper). */
const FIELD_OPERATORS: readonly [string, FieldOperator][] = [
  ['in', 'IN'], ['eq', 'EQ'], ['like', 'LIKE'], ['contains', 'CONTAINS'], ['between', 'BETWEEN'],
  ['lt', 'LT'], ['lte', 'LTE'], ['gt', 'GT'], ['gte', 'GTE'],
];

function fieldCriterion(input: ArgMap): Criterion {
  const target = stringArg(input, 'target');
  if (target === undefined) throw userError('A Field criterion needs a target', 'BAD_USER_INPUT');
  let chosen: Criterion | null = null;
  for (const [key, operator] of FIELD_OPERATORS) {
    const value = input[key];
    if (value === undefined || value === null) continue;
    const values = (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');
    chosen = { type: 'Field', target, operator, values };
  }
  if (chosen === null) throw userError(`Unspecified operator for the Field criterion on '${target}'`, 'BAD_USER_INPUT');
  return chosen;
}

/**
 * The criteria of a `ContentSearchQuery` (without the content type restriction the typed fields force).
 * `ContentTypeIdentifier` and `ContentTypeId` are kept for the untyped use.
 */
export function queryCriteria(query: ArgMap | undefined): Criterion[] {
  if (query === undefined) return [];
  const criteria: Criterion[] = [];
  const identifiers = query['ContentTypeIdentifier'];
  if (Array.isArray(identifiers) && identifiers.length > 0) {
    criteria.push({ type: 'ContentTypeIdentifier', values: identifiers.filter((item): item is string => typeof item === 'string') });
  }
  const typeIds = query['ContentTypeId'];
  if (Array.isArray(typeIds) && typeIds.length > 0) {
    criteria.push({ type: 'ContentTypeId', values: typeIds.map(Number).filter(Number.isSafeInteger) });
  }
  const text = stringArg(query, 'Text');
  if (text !== undefined && text.trim() !== '') criteria.push({ type: 'FullText', value: text });
  const parents = query['ParentLocationId'];
  if (Array.isArray(parents) && parents.length > 0) {
    criteria.push({ type: 'ParentLocationId', values: parents.filter((item): item is number => typeof item === 'number') });
  }
  criteria.push(...dateCriteria(query['Created'], 'created'), ...dateCriteria(query['Modified'], 'modified'));
  const fields = query['Field'];
  for (const field of Array.isArray(fields) ? fields : []) if (isArgMap(field)) criteria.push(fieldCriterion(field));
  return criteria;
}

/** `SortByOptions` / `LocationSortByOptions` values and the clauses they stand for (null: not sortable here). */
const SORT_OPTIONS: Readonly<Record<string, Exclude<SortClause['type'], 'Field'> | null>> = {
  _contentId: 'ContentId',
  _name: 'ContentName',
  _dateModified: 'DateModified',
  _datePublished: 'DatePublished',
  _sectionIdentifier: 'SectionIdentifier',
  _sectionName: 'SectionName',
  _score: 'Score',
  _depth: 'LocationDepth',
  _locationId: 'LocationId',
  _path: 'LocationPath',
  _priority: 'LocationPriority',
  _isMainLocation: null,
  _visibility: null,
};

/** Every `SortByOptions` value (content sorting), `_desc` included. */
export const SORT_BY_OPTIONS = ['_contentId', '_name', '_dateModified', '_datePublished', '_sectionIdentifier', '_sectionName', '_score', '_desc'];
/** Every `LocationSortByOptions` value. */
export const LOCATION_SORT_BY_OPTIONS = [...SORT_BY_OPTIONS, '_depth', '_locationId', '_isMainLocation', '_path', '_priority', '_visibility'];

/**
 * Sort clauses of a `sortBy` list: `_desc` flips the clause before it; a leading `_desc` is ignored.
 * @throws GraphQLError BAD_USER_INPUT for an option this server cannot sort by.
 */
export function sortClauses(sortBy: readonly unknown[] | undefined): SortClause[] {
  const clauses: SortClause[] = [];
  for (const option of sortBy ?? []) {
    if (option === '_desc') {
      const previous = clauses.pop();
      if (previous) clauses.push({ ...previous, direction: 'descending' });
      continue;
    }
    const type = typeof option === 'string' ? SORT_OPTIONS[option] : undefined;
    if (type === undefined || type === null) throw userError(`Sorting by ${String(option)} is not supported`, 'BAD_USER_INPUT');
    clauses.push({ type, direction: 'ascending' });
  }
  return clauses;
}
