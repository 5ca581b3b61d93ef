import type { Criterion } from '@contentrepo/core';
import { booleanValue, csvIntegers, csvStrings, type CriterionParser, invalidFormat } from './criterion-parser-support.js';

/**
 * Parsers of the tree and location criteria Ibexa REST accepts in ViewInput. ParentLocationRemoteId
 * and Sibling load locations through core, so an unknown one is a 404 and an unreadable one a 401.
 */

/** Ibexa's path string check (`^(/\w+)+/$`); Ibexa answers 500 for a malformed one, this server 400. */
const PATH_STRING = /^(\/\w+)+\/$/;

const pathStrings = (data: Parameters<CriterionParser>[0], name: string): string[] =>
  csvStrings(data, name).map((path) => {
    if (!PATH_STRING.test(path)) throw invalidFormat(name, `'${path}' is not a path string such as /1/2/`);
    return path;
  });

/** `0` (visible) or `1` (hidden), as a number or a string. */
const visibility: CriterionParser = (data, name) => {
  const text = typeof data === 'number' || typeof data === 'string' ? String(data).trim() : '';
  if (text !== '0' && text !== '1') throw invalidFormat(name, 'expected 0 (visible) or 1 (hidden)');
  return { type: 'Visibility', value: text === '0' ? 'VISIBLE' : 'HIDDEN' };
};

/** Remote ids of parent locations, each loaded (404/401), then ParentLocationId. */
const parentLocationRemoteId: CriterionParser = async (data, name, lookups) => {
  const locations = await Promise.all(csvStrings(data, name).map((remoteId) => lookups.loadLocationByRemoteId(remoteId)));
  return { type: 'ParentLocationId', values: locations.map((location) => location.id) };
};

/** Siblings of a location (loaded, 404/401): same parent, not the location itself. */
const sibling: CriterionParser = async (data, name, lookups) => {
  const [id, ...rest] = csvIntegers(data, name);
  if (id === undefined || rest.length > 0) throw invalidFormat(name, 'expected one location id');
  const location = await lookups.loadLocation(id);
  return {
    type: 'LogicalAnd',
    criteria: [
      { type: 'ParentLocationId', values: [location.parentLocationId] },
      { type: 'LogicalNot', criterion: { type: 'LocationId', values: [location.id] } },
    ],
  };
};

/** Location-level criterion parsers. */
export const LOCATION_CRITERIA: Readonly<Record<string, CriterionParser>> = {
  LocationIdCriterion: (data, name): Criterion => ({ type: 'LocationId', values: csvIntegers(data, name) }),
  LocationRemoteIdCriterion: (data, name): Criterion => ({ type: 'LocationRemoteId', values: csvStrings(data, name) }),
  ParentLocationIdCriterion: (data, name): Criterion => ({ type: 'ParentLocationId', values: csvIntegers(data, name) }),
  ParentLocationRemoteIdCriterion: parentLocationRemoteId,
  SubtreeCriterion: (data, name): Criterion => ({ type: 'Subtree', values: pathStrings(data, name) }),
  AncestorCriterion: (data, name): Criterion => ({ type: 'Ancestor', values: pathStrings(data, name) }),
  SiblingCriterion: sibling,
  VisibilityCriterion: visibility,
  IsBookmarkedCriterion: (data, name, lookups): Criterion => ({ type: 'IsBookmarked', userId: lookups.userId, value: booleanValue(data, name) }),
};
