import { RANGE_OPERATORS, type Criterion, type RangeOperator } from '@contentrepo/core';
import { BadRequestError, NotImplementedRestError } from '../../../http/rest-errors.js';
import { getOwn, isDecodedArray } from '../../decoded-input.js';
import {
  booleanValue,
  csvIntegers,
  csvStrings,
  type CriterionParser,
  invalidFormat,
  numberValue,
  objectValue,
  rawStrings,
  requiredKey,
} from './criterion-parser-support.js';

/**
 * Parsers of the content, type, section, language, state, date and text criteria of ViewInput
 * (the criteria Ibexa REST accepts), keyed by the REST criterion name.
 */

const DATE_TARGETS = ['modified', 'created', 'published', 'trashed'] as const;
type DateTarget = (typeof DATE_TARGETS)[number];
const isDateTarget = (value: string): value is DateTarget => DATE_TARGETS.some((target) => target === value);
const isRangeOperator = (value: string): value is RangeOperator => RANGE_OPERATORS.some((operator) => operator === value);

/** `{Target, Value, Operator}`: Target lower-cased, Value an integer or a list, Operator case-insensitive. */
const dateMetadata: CriterionParser = (data, name) => {
  const object = objectValue(data, name);
  const present = (key: string) => {
    const value = getOwn(object, key);
    if (value === undefined || value === null) throw new BadRequestError(`Invalid <${key}> format`);
    return value;
  };
  const target = String(present('Target')).toLowerCase();
  if (!isDateTarget(target)) throw new BadRequestError(`Invalid <Target> format: expected one of ${DATE_TARGETS.join(', ')}`);
  const value = present('Value');
  const values = (isDecodedArray(value) ? value : [value]).map((item) => {
    const number = numberValue(item, name, 'Value');
    if (!Number.isSafeInteger(number)) throw new BadRequestError('Invalid <Value> format: expected Unix seconds');
    return number;
  });
  const operator = String(present('Operator')).toUpperCase();
  if (!isRangeOperator(operator)) throw new BadRequestError(`Invalid <Operator> format: expected one of ${RANGE_OPERATORS.join(', ')}`);
  return { type: 'DateMetadata', target, operator, values };
};

/** `{value, target}` (both keys required; `target` may be null or empty: any group). */
const objectStateIdentifier: CriterionParser = (data, name) => {
  const object = objectValue(data, name);
  const target = getOwn(object, 'target');
  if (target === undefined || getOwn(object, 'value') === undefined) throw invalidFormat(name, "'value' and 'target' are required");
  if (target !== null && typeof target !== 'string') throw invalidFormat(name, "'target' must be a group identifier");
  return { type: 'ObjectStateIdentifier', values: csvStrings(requiredKey(object, 'value', name), name), groupIdentifier: target === null || target === '' ? null : target };
};

/** A non-blank name pattern (Symfony validator in Ibexa). */
const contentName: CriterionParser = (data, name) => {
  if ((typeof data !== 'string' && typeof data !== 'number') || String(data).trim() === '') {
    throw new BadRequestError(`Input data validation failed for ${name}`);
  }
  return { type: 'ContentName', value: String(data) };
};

/** Free text, searched as words (the Legacy engine's FullText). */
const fullText: CriterionParser = (data, name) => {
  if (data === null) return { type: 'FullText', value: '' };
  if (typeof data !== 'string' && typeof data !== 'number') throw invalidFormat(name, 'expected text');
  return { type: 'FullText', value: String(data) };
};

/** Kernel criteria REST declares but Ibexa never implemented (`@todo implement`, 500 there): 501 here. */
const notImplemented: CriterionParser = (_data, name) => {
  throw new NotImplementedRestError(`The ${name} criterion is not implemented`);
};

/** Content-level criterion parsers. */
export const CONTENT_CRITERIA: Readonly<Record<string, CriterionParser>> = {
  ContentIdCriterion: (data, name): Criterion => ({ type: 'ContentId', values: csvIntegers(data, name) }),
  ContentRemoteIdCriterion: (data, name): Criterion => ({ type: 'ContentRemoteId', values: csvStrings(data, name) }),
  ContentTypeIdCriterion: (data, name): Criterion => ({ type: 'ContentTypeId', values: csvIntegers(data, name) }),
  ContentTypeIdentifierCriterion: (data, name): Criterion => ({ type: 'ContentTypeIdentifier', values: rawStrings(data, name) }),
  ContentTypeGroupIdCriterion: (data, name): Criterion => ({ type: 'ContentTypeGroupId', values: csvIntegers(data, name) }),
  SectionIdCriterion: (data, name): Criterion => ({ type: 'SectionId', values: csvIntegers(data, name) }),
  SectionIdentifierCriterion: (data, name): Criterion => ({ type: 'SectionIdentifier', values: csvStrings(data, name) }),
  LanguageCodeCriterion: (data, name): Criterion => ({ type: 'LanguageCode', values: csvStrings(data, name), matchAlwaysAvailable: true }),
  ObjectStateIdCriterion: (data, name): Criterion => ({ type: 'ObjectStateId', values: csvIntegers(data, name) }),
  ObjectStateIdentifierCriterion: objectStateIdentifier,
  IsContainerCriterion: (data, name): Criterion => ({ type: 'IsContainer', value: booleanValue(data, name) }),
  ContentNameCriterion: contentName,
  FullTextCriterion: fullText,
  DateMetadataCriterion: dateMetadata,
  MoreLikeThis: notImplemented,
  MoreLikeThisCriterion: notImplemented,
};
