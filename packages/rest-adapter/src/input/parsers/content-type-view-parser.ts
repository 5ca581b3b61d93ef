import type { ContentTypeCriterion, ContentTypeQuery, ContentTypeSortClause } from '@contentrepo/core';
import { BadRequestError } from '../../http/rest-errors.js';
import { type DecodedInput, type DecodedObject, isDecodedArray, isDecodedObject } from '../decoded-input.js';
import { reader } from '../reader.js';

/** What a ContentTypeViewInput (`POST /content/types/view`) asks for. */
export interface ContentTypeViewRequest {
  readonly identifier: string;
  readonly query: ContentTypeQuery;
}

/** Keys a `ContentTypeQuery` may have; any other is a 400, as in Ibexa. */
const QUERY_KEYS = new Set(['Query', 'Filter', 'SortClauses', 'limit', 'offset']);
const SORT_TARGETS = new Set<ContentTypeSortClause['target']>(['Id', 'Identifier', 'Name']);

const asList = (value: DecodedInput): readonly DecodedInput[] => (isDecodedArray(value) ? value : [value]);

function integers(name: string, value: DecodedInput): number[] {
  return asList(value).map((item) => {
    const number = typeof item === 'number' ? item : typeof item === 'string' && /^\d+$/.test(item.trim()) ? Number(item) : Number.NaN;
    if (!Number.isSafeInteger(number)) throw new BadRequestError(`Invalid value for <${name}>: expected integers.`);
    return number;
  });
}

function strings(name: string, value: DecodedInput): string[] {
  return asList(value).map((item) => {
    if (typeof item !== 'string' || item === '') throw new BadRequestError(`Invalid value for <${name}>: expected strings.`);
    return item;
  });
}

function bool(name: string, value: DecodedInput): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  throw new BadRequestError(`Invalid value for <${name}>: expected a boolean.`);
}

/**
 * The operands of AND/OR: a JSON list of criterion maps (each map one operand), or a map (from XML, or JSON
 * written as one object) whose every entry is an operand, a list value giving one operand per item — Ibexa's
 * flattening of logical operators, so that `<OR><A>1</A><B>2</B></OR>` is A OR B.
 */
function operands(name: string, value: DecodedInput): ContentTypeCriterion[] {
  const maps: DecodedInput[] = isDecodedArray(value)
    ? value
    : isDecodedObject(value)
      ? Object.entries(value).flatMap(([key, inner]) => (isDecodedArray(inner) ? inner : [inner]).map((item) => ({ [key]: item })))
      : [value];
  if (maps.length === 0 && !isDecodedArray(value)) throw new BadRequestError(`Empty <${name}> criterion.`);
  return maps.map((map) => {
    const criterion = criteriaMap(map, name);
    if (!criterion) throw new BadRequestError(`Empty <${name}> criterion.`);
    return criterion;
  });
}

/** One criterion `{<Name>: <value>}` (Ibexa `ContentType\Query\Criterion`). */
function criterion(name: string, value: DecodedInput): ContentTypeCriterion {
  switch (name) {
    case 'ContentTypeIdCriterion':
      return { type: 'ContentTypeId', values: integers(name, value) };
    case 'ContentTypeIdentifierCriterion':
      return { type: 'ContentTypeIdentifier', values: strings(name, value) };
    case 'ContentTypeGroupIdCriterion':
      return { type: 'ContentTypeGroupId', values: integers(name, value) };
    case 'ContentTypeGroupNameCriterion':
      return { type: 'ContentTypeGroupName', values: strings(name, value) };
    case 'IsSystemCriterion':
      return { type: 'IsSystem', value: bool(name, value) };
    case 'ContainsFieldDefinitionIdCriterion':
      return { type: 'ContainsFieldDefinitionId', values: integers(name, value) };
    case 'AND':
    case 'LogicalAnd':
      return { type: 'LogicalAnd', criteria: operands(name, value) };
    case 'OR':
    case 'LogicalOr':
      return { type: 'LogicalOr', criteria: operands(name, value) };
    case 'NOT':
    case 'LogicalNot': {
      const inner = criteriaMap(value, name);
      if (!inner) throw new BadRequestError(`Empty <${name}> criterion.`);
      return { type: 'LogicalNot', criterion: inner };
    }
    default:
      throw new BadRequestError(`Invalid Criterion id <${name}> in <ContentTypeQuery>`);
  }
}

/** A map of criteria, ANDed when there are several; undefined for none. */
function criteriaMap(value: DecodedInput | undefined, context: string): ContentTypeCriterion | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isDecodedObject(value)) throw new BadRequestError(`Invalid <${context}>: expected a map of criteria.`);
  const criteria = Object.entries(value).map(([name, inner]) => criterion(name, inner));
  if (criteria.length <= 1) return criteria[0];
  return { type: 'LogicalAnd', criteria };
}

function sortClauses(value: DecodedInput | undefined): ContentTypeSortClause[] {
  if (value === undefined || value === null) return [];
  const maps = isDecodedArray(value) ? value : [value];
  return maps.flatMap((map) => {
    if (!isDecodedObject(map)) throw new BadRequestError('Invalid <SortClauses>: expected a map of sort clauses.');
    return Object.entries(map).map(([target, direction]): ContentTypeSortClause => {
      const known = [...SORT_TARGETS].find((candidate) => candidate === target);
      if (!known) throw new BadRequestError(`Invalid Sort Clause <${target}> in <ContentTypeQuery>`);
      if (direction !== 'ascending' && direction !== 'descending') {
        throw new BadRequestError(`Invalid direction format in the <${target}> Sort Clause`);
      }
      return { target: known, direction };
    });
  });
}

/**
 * `ContentTypeViewInput`: `identifier` and `ContentTypeQuery` required; `Query` (or `Filter`)
 * criteria, `SortClauses`, `limit`, `offset`; unknown keys of the query are a 400.
 * @throws BadRequestError
 */
export function parseContentTypeViewInput(data: DecodedObject): ContentTypeViewRequest {
  const input = reader(data, 'ViewInput');
  const identifier = input.requiredString('identifier');
  const container = input.requiredObject('ContentTypeQuery');
  for (const key of Object.keys(container.value)) {
    if (!QUERY_KEYS.has(key)) throw new BadRequestError(`Unknown element <${key}> in <ContentTypeQuery>.`);
  }
  const filter = criteriaMap(container.raw('Filter'), 'Filter');
  const main = criteriaMap(container.raw('Query'), 'Query');
  const combined = filter && main ? { type: 'LogicalAnd' as const, criteria: [main, filter] } : (main ?? filter);
  const limit = container.optionalInt('limit');
  const offset = container.optionalInt('offset');
  if (limit !== undefined && limit < 0) throw container.invalid('limit');
  if (offset !== undefined && offset < 0) throw container.invalid('offset');
  const query: { -readonly [K in keyof ContentTypeQuery]: ContentTypeQuery[K] } = { sortClauses: sortClauses(container.raw('SortClauses')) };
  if (combined) query.criterion = combined;
  if (limit !== undefined) query.limit = limit;
  if (offset !== undefined) query.offset = offset;
  return { identifier, query };
}
