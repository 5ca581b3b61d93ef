import type { Criterion } from '@contentrepo/core';
import { BadRequestError } from '../../http/rest-errors.js';
import { type DecodedInput, isDecodedArray, isDecodedObject } from '../decoded-input.js';
import { CONTENT_CRITERIA } from './criteria/content-criterion-parser.js';
import { fieldCriterion } from './criteria/field-criterion-parser.js';
import { IMAGE_CRITERIA } from './criteria/image-criterion-parser.js';
import { LOCATION_CRITERIA } from './criteria/location-criterion-parser.js';
import { USER_CRITERIA } from './criteria/user-criterion-parser.js';
import type { CriterionLookups, CriterionParser } from './criteria/criterion-parser-support.js';

export type { CriterionLookups } from './criteria/criterion-parser-support.js';

/**
 * Criteria maps of ViewInput, read as Ibexa REST reads them: name resolution, the logical operators and the
 * wrapping rules. Each key is a criterion name — `<Name>Criterion`, or `Field`, `AND`, `OR`, `NOT` — and its
 * value that criterion's data.
 */

/** Every criterion parser, by the key a client sends (one module per criterion family). */
const PARSERS: ReadonlyMap<string, CriterionParser> = new Map(
  Object.entries({ ...CONTENT_CRITERIA, ...LOCATION_CRITERIA, ...USER_CRITERIA, ...IMAGE_CRITERIA, Field: fieldCriterion }),
);

/** The map's entries; a list (whose keys would be `0`, `1`, … in PHP) gives index keys, which no parser knows. */
const entriesOf = (data: DecodedInput): [string, DecodedInput][] => {
  if (isDecodedArray(data)) return data.map((value, index) => [String(index), value]);
  return isDecodedObject(data) ? Object.entries(data) : [];
};

/** The previous error of an unknown name, with a hint for the usual slips (missing suffix, `FieldCriterion`). */
function unknownCriterion(name: string): BadRequestError {
  const media = `application/vnd.ibexa.api.internal.criterion.${name.replace('Criterion', '')}`;
  const hint = PARSERS.has(`${name}Criterion`)
    ? ` Criterion names carry the 'Criterion' suffix: ${name}Criterion.`
    : name === 'FieldCriterion'
      ? " The Field criterion is named 'Field'."
      : '';
  return new BadRequestError(`Unknown content type specification: '${media} (version: 1.0)'.${hint}`);
}

/**
 * AND / OR, as Ibexa's parsers read them: an object whose entries are children; a list value under a key gives one
 * child per item.
 */
async function logicalChildren(operator: 'AND' | 'OR', data: DecodedInput, lookups: CriterionLookups): Promise<Criterion[]> {
  if (data !== null && !isDecodedObject(data) && !isDecodedArray(data)) {
    throw new BadRequestError(`Invalid <${operator}> format: expected an object of criteria`);
  }
  const children: Criterion[] = [];
  for (const [name, value] of entriesOf(data)) {
    for (const item of isDecodedArray(value) ? value : [value]) children.push(await dispatchCriterion(name, item, lookups));
  }
  return children;
}

/** NOT: an object with exactly one entry, whose value goes whole to that criterion (Ibexa's NOT parser). */
async function notChild(data: DecodedInput, lookups: CriterionLookups): Promise<Criterion> {
  const entries = entriesOf(data);
  const [entry] = entries;
  if (entries.length !== 1 || !entry) throw new BadRequestError('NOT element can only contain one subitem');
  return dispatchCriterion(entry[0], entry[1], lookups);
}

async function parseNamed(name: string, data: DecodedInput, lookups: CriterionLookups): Promise<Criterion> {
  switch (name) {
    case 'AND':
      return { type: 'LogicalAnd', criteria: await logicalChildren('AND', data, lookups) };
    case 'OR':
      return { type: 'LogicalOr', criteria: await logicalChildren('OR', data, lookups) };
    case 'NOT':
      return { type: 'LogicalNot', criterion: await notChild(data, lookups) };
    default: {
      const parser = PARSERS.get(name);
      if (!parser) throw unknownCriterion(name);
      return parser(data, name, lookups);
    }
  }
}

/**
 * Parses one criterion. A 400 inside it (unknown name, malformed value) becomes 400 `Invalid Criterion id <K>
 * in <AND>` (Ibexa's wording, always `<AND>`) with the original error as `Previous`; other errors (404 and 401
 * from location lookups, 501) pass unchanged.
 */
export async function dispatchCriterion(name: string, data: DecodedInput, lookups: CriterionLookups): Promise<Criterion> {
  try {
    return await parseNamed(name, data, lookups);
  } catch (error) {
    if (error instanceof BadRequestError) throw new BadRequestError(`Invalid Criterion id <${name}> in <AND>`, error);
    throw error;
  }
}

/**
 * A `Filter` or `Query` map of a query container: each entry is one criterion, its value passed whole (a list
 * means "any of" for the criteria that take several values); one criterion is used as is, several are ANDed; an
 * empty or absent map means no criterion (`undefined`).
 * @throws BadRequestError for a value that is not a map
 */
export async function parseCriteriaMap(data: DecodedInput | undefined, key: string, lookups: CriterionLookups): Promise<Criterion | undefined> {
  if (data === undefined || data === null) return undefined;
  if (!isDecodedObject(data) && !isDecodedArray(data)) throw new BadRequestError(`Invalid <${key}> format: expected an object of criteria`);
  const criteria: Criterion[] = [];
  for (const [name, value] of entriesOf(data)) criteria.push(await dispatchCriterion(name, value, lookups));
  const [only] = criteria;
  if (criteria.length === 0) return undefined;
  return criteria.length === 1 && only ? only : { type: 'LogicalAnd', criteria };
}
