import type { Criterion, LanguageFilter, Query } from '@contentrepo/core';
import { BadRequestError } from '../../http/rest-errors.js';
import { type DecodedInput, type DecodedObject, getOwn, isDecodedArray, isDecodedObject } from '../decoded-input.js';
import { InputReader } from '../reader.js';
import { type CriterionLookups, parseCriteriaMap } from './view-criterion-parser.js';
import { parseSortClauses } from './view-sort-clause-parser.js';

/** What a ViewInput (`POST /views`) asks for. */
export interface ViewRequest {
  /** Echoed in the View and its hrefs. */
  readonly identifier: string;
  /** `content` for v1.0 `Query` and v1.1 `ContentQuery`; `location` for v1.1 `LocationQuery`. */
  readonly target: 'content' | 'location';
  readonly query: Query;
  readonly languageFilter: LanguageFilter;
}

/** ViewInput versions with a parser (`; version=1.1` in the Content-Type selects 1.1). */
export const VIEW_INPUT_VERSIONS = ['1.0', '1.1'] as const;
/** A ViewInput version. */
export type ViewInputVersion = (typeof VIEW_INPUT_VERSIONS)[number];

/** Aggregation names Ibexa REST parses; the Legacy engine ignores them, so they are only checked. */
const AGGREGATIONS = new Set([
  'ContentTypeTermAggregation', 'ContentTypeGroupTermAggregation', 'SectionTermAggregation', 'LanguageTermAggregation',
  'ObjectStateTermAggregation', 'UserMetadataTermAggregation', 'VisibilityTermAggregation', 'SubtreeTermAggregation',
  'LocationChildrenTermAggregation', 'DateMetadataRangeAggregation', 'RawTermAggregation', 'RawRangeAggregation', 'RawStatsAggregation',
  'AuthorTermAggregation', 'CheckboxTermAggregation', 'CountryTermAggregation', 'KeywordTermAggregation', 'SelectionTermAggregation',
  'DateRangeAggregation', 'DateTimeRangeAggregation', 'TimeRangeAggregation', 'IntegerRangeAggregation', 'FloatRangeAggregation',
  'IntegerStatsAggregation', 'FloatStatsAggregation',
]);

/** Checks one aggregation map `{"<Name>": {name, …}}`. @throws BadRequestError */
function checkAggregation(map: DecodedInput): void {
  if (!isDecodedObject(map)) throw new BadRequestError('Invalid <Aggregations> format: expected a list of aggregations');
  for (const [name, value] of Object.entries(map)) {
    if (!AGGREGATIONS.has(name)) {
      throw new BadRequestError(`Unknown content type specification: 'application/vnd.ibexa.api.internal.aggregation.${name} (version: 1.0)'.`);
    }
    for (const item of isDecodedArray(value) ? value : [value]) {
      if (!isDecodedObject(item) || typeof getOwn(item, 'name') !== 'string') throw new BadRequestError(`Missing 'name' element for ${name}.`);
    }
  }
}

/**
 * Checks `Aggregations`: a list of single-key maps `[{"<Name>": {name, …}}]`, or, from XML, a map whose entries are
 * aggregations (`<Aggregations><ContentTypeTermAggregation>…`) or wrap them, as the documented XML example does
 * (`<Aggregations><Aggregation><ContentTypeTermAggregation>…`: Ibexa reads each entry's value as one aggregation),
 * with known names, each with a `name`. @throws BadRequestError
 */
function checkAggregations(data: DecodedInput | undefined): void {
  if (data === undefined || data === null) return;
  if (isDecodedArray(data)) {
    data.forEach(checkAggregation);
    return;
  }
  if (!isDecodedObject(data)) throw new BadRequestError('Invalid <Aggregations> format: expected a list of aggregations');
  for (const [key, value] of Object.entries(data)) {
    if (AGGREGATIONS.has(key)) checkAggregation({ [key]: value });
    else (isDecodedArray(value) ? value : [value]).forEach(checkAggregation);
  }
}

/**
 * A query container (`Query`, `ContentQuery`, `LocationQuery`): criteria, paging, sort clauses, and
 * `performCount` (Ibexa `Query::$performCount`; default true, `false` or `"false"` skips counting every match: the
 * View's `count` is then null) — an extension: Ibexa 4.6 REST does not read it from a ViewInput.
 */
async function parseQuery(container: DecodedObject, key: string, lookups: CriterionLookups): Promise<Query> {
  const reader = new InputReader(container, key);
  const filter: Criterion | undefined = await parseCriteriaMap(reader.raw('Filter'), 'Filter', lookups);
  const query: Criterion | undefined = await parseCriteriaMap(reader.raw('Query'), 'Query', lookups);
  const limit = reader.optionalInt('limit');
  const offset = reader.optionalInt('offset');
  const sortClauses = parseSortClauses(reader.raw('SortClauses'));
  checkAggregations(reader.raw('Aggregations'));
  const performCount = reader.optionalBool('performCount');
  return {
    ...(filter ? { filter } : {}),
    ...(query ? { query } : {}),
    ...(limit === undefined ? {} : { limit }),
    ...(offset === undefined ? {} : { offset }),
    ...(performCount === false ? { performCount } : {}),
    sortClauses,
  };
}

/** The query container of the version: v1.0 `Query`; v1.1 `LocationQuery` (wins) or `ContentQuery`. */
function container(data: DecodedObject, version: ViewInputVersion): { key: string; value: DecodedInput; target: ViewRequest['target'] } {
  if (version === '1.0') {
    const value = getOwn(data, 'Query');
    if (value === undefined || value === null) throw new BadRequestError('Missing <Query> attribute for <ViewInput>.');
    return { key: 'Query', value, target: 'content' };
  }
  const location = getOwn(data, 'LocationQuery');
  if (location !== undefined && location !== null) return { key: 'LocationQuery', value: location, target: 'location' };
  const content = getOwn(data, 'ContentQuery');
  if (content !== undefined && content !== null) return { key: 'ContentQuery', value: content, target: 'content' };
  throw new BadRequestError('Missing <ContentQuery> or <LocationQuery> attribute for <ViewInput>.');
}

/** Longest view `identifier` accepted, in UTF-16 code units (it is echoed into the View's href and `Location`). */
export const MAX_VIEW_IDENTIFIER_LENGTH = 255;

/** C0 controls and DEL: never part of an identifier that is echoed into a URL. */
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;

/**
 * A view identifier as given (string or number), checked before it is echoed into the View's href and the
 * `Location` header: 1 to {@link MAX_VIEW_IDENTIFIER_LENGTH} characters without control characters (lone surrogates
 * were already refused while decoding the body).
 * @throws BadRequestError (400) otherwise.
 */
function viewIdentifier(value: string | number): string {
  const identifier = String(value);
  if (identifier === '' || identifier.length > MAX_VIEW_IDENTIFIER_LENGTH || CONTROL_CHARACTER.test(identifier)) {
    throw new BadRequestError(`The <identifier> of <ViewInput> must be 1 to ${MAX_VIEW_IDENTIFIER_LENGTH} characters long, without control characters.`);
  }
  return identifier;
}

/**
 * Parses a ViewInput body as Ibexa REST does (criteria and sort clauses included): `identifier` (required; 1 to 255
 * characters without control characters, as it is echoed into a URL and a header),
 * `languageCode`, `useAlwaysAvailable` (default true; the string `"false"` is false here, unlike Ibexa's coercion),
 * and the query container of the version. `public` and `FacetBuilders` are ignored.
 *
 * @throws BadRequestError (400) for malformed input; core errors of location lookups (404, 401) pass through.
 */
export async function parseViewInput(data: DecodedObject, version: ViewInputVersion, lookups: CriterionLookups): Promise<ViewRequest> {
  const reader = new InputReader(data, 'ViewInput');
  const given = getOwn(data, 'identifier');
  if (typeof given !== 'string' && typeof given !== 'number') throw new BadRequestError('Missing <identifier> attribute for <ViewInput>.');
  const identifier = viewIdentifier(given);
  const { key, value, target } = container(data, version);
  if (!isDecodedObject(value)) throw new BadRequestError(`Invalid <${key}> format: expected an object`);
  const languageCode = reader.optionalString('languageCode');
  const useAlwaysAvailable = reader.optionalBool('useAlwaysAvailable') ?? true;
  return {
    identifier,
    target,
    query: await parseQuery(value, key, lookups),
    languageFilter: languageCode === undefined || languageCode === '' ? { useAlwaysAvailable } : { languages: [languageCode], useAlwaysAvailable },
  };
}
