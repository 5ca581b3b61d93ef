import type { SortClause, SortDirection } from '@contentrepo/core';
import { BadRequestError } from '../../http/rest-errors.js';
import { type DecodedInput, type DecodedObject, isDecodedArray, isDecodedObject } from '../decoded-input.js';

/**
 * `SortClauses` of a ViewInput query (Ibexa's REST sort clause names): a map of sort clause name → direction (or
 * Field data), applied in key order; a list under a name gives several clauses of that name. As an extension, a
 * list of single-key maps (`[{"ContentName": "ascending"}, {"DatePublished": "descending"}]`) is read in order.
 */

/** Clauses whose value is just a direction, by REST name. */
const SIMPLE: Readonly<Record<string, Exclude<SortClause['type'], 'Field'>>> = {
  ContentId: 'ContentId',
  ContentName: 'ContentName',
  DateModified: 'DateModified',
  DatePublished: 'DatePublished',
  SectionIdentifier: 'SectionIdentifier',
  SectionName: 'SectionName',
  LocationDepth: 'LocationDepth',
  LocationPath: 'LocationPath',
  LocationPriority: 'LocationPriority',
  LocationId: 'LocationId',
  Score: 'Score',
};

const isDirection = (value: DecodedInput | undefined): value is SortDirection => value === 'ascending' || value === 'descending';

/** Field data with XML attributes normalised: `_identifier` → `identifier`, `#text` → `direction`. */
function normalised(data: DecodedObject): Map<string, DecodedInput> {
  const out = new Map<string, DecodedInput>();
  for (const [key, value] of Object.entries(data)) {
    out.set(key === '#text' ? 'direction' : key.startsWith('_') ? key.slice(1) : key, value);
  }
  return out;
}

/**
 * `Field`: `{identifier: "type/field", direction}` or `{contentTypeIdentifier, fieldDefinitionIdentifier,
 * direction}`, or the XML attribute forms. @throws BadRequestError with Ibexa's messages
 */
function fieldClause(data: DecodedInput): SortClause {
  if (!isDecodedObject(data)) {
    throw new BadRequestError('The <Field> Sort Clause has missing arguments: contentTypeIdentifier, fieldDefinitionIdentifier');
  }
  const values = normalised(data);
  const text = (key: string): string | undefined => {
    const value = values.get(key);
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  let contentTypeIdentifier: string;
  let fieldDefinitionIdentifier: string;
  const identifier = text('identifier');
  if (identifier !== undefined) {
    const slash = identifier.indexOf('/');
    if (slash < 0) {
      throw new BadRequestError('<Field> Sort Clause parameter "identifier" value has to be in "contentTypeIdentifier/fieldDefinitionIdentifier" format');
    }
    contentTypeIdentifier = identifier.slice(0, slash);
    fieldDefinitionIdentifier = identifier.slice(slash + 1);
  } else {
    const type = text('contentTypeIdentifier');
    if (type === undefined) throw new BadRequestError('<Field> Sort Clause has missing parameter "contentTypeIdentifier"');
    const field = text('fieldDefinitionIdentifier');
    if (field === undefined) throw new BadRequestError('<Field> Sort Clause has missing parameter "fieldDefinitionIdentifier"');
    contentTypeIdentifier = type;
    fieldDefinitionIdentifier = field;
  }
  const direction = values.get('direction');
  if (!isDirection(direction)) throw new BadRequestError('Invalid direction format in <Field> sort clause');
  return { type: 'Field', contentTypeIdentifier, fieldDefinitionIdentifier, direction };
}

/** One clause. @throws BadRequestError for an unknown name or a direction other than exactly ascending/descending */
export function parseSortClause(name: string, data: DecodedInput): SortClause {
  if (name === 'Field') return fieldClause(data);
  const type = Object.hasOwn(SIMPLE, name) ? SIMPLE[name] : undefined;
  if (type === undefined) {
    throw new BadRequestError(`Unknown content type specification: 'application/vnd.ibexa.api.internal.sortclause.${name} (version: 1.0)'.`);
  }
  if (!isDirection(data)) throw new BadRequestError(`Invalid direction format in the <${name}> Sort Clause`);
  return { type, direction: data };
}

/** The clauses of a `SortClauses` value (absent or empty: none). @throws BadRequestError */
export function parseSortClauses(data: DecodedInput | undefined): SortClause[] {
  if (data === undefined || data === null) return [];
  const maps = isDecodedArray(data) ? data : [data];
  const clauses: SortClause[] = [];
  for (const map of maps) {
    if (!isDecodedObject(map)) throw new BadRequestError('Invalid <SortClauses> format: expected an object of sort clauses');
    for (const [name, value] of Object.entries(map)) {
      for (const item of isDecodedArray(value) ? value : [value]) clauses.push(parseSortClause(name, item));
    }
  }
  return clauses;
}
