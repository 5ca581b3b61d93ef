import {
  SORT_FIELDS,
  type ContentTypeCreateStruct,
  type ContentTypeGroupCreateStruct,
  type ContentTypeGroupUpdateStruct,
  type ContentTypeUpdateStruct,
  type FieldDefinitionCreateStruct,
  type FieldDefinitionUpdateStruct,
  type Hash,
  type SortField,
  type SortOrder,
  type TranslatedStrings,
} from '@contentrepo/core';
import { BadRequestError } from '../../http/rest-errors.js';
import { isDecodedArray, isDecodedObject, type DecodedObject } from '../decoded-input.js';
import { parseHref } from '../href.js';
import { reader, type InputReader } from '../reader.js';
import { optionalDate } from './parser-support.js';

/** Mutable view of a readonly struct, for building it member by member. */
type Building<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A translatable list `{"value": [{"_languageCode": "eng-GB", "#text": "Folder"}]}` (Ibexa
 * `ParserTools::parseTranslatableList`); a single value object is accepted. @throws BadRequestError
 */
export function translatableList(input: InputReader, key: string): TranslatedStrings | undefined {
  const list = input.optionalObject(key);
  if (!list) return undefined;
  const strings: Record<string, string> = {};
  for (const value of list.objectList('value', key, { singleAsList: true })) {
    strings[value.requiredString('_languageCode')] = value.optionalString('#text') ?? '';
  }
  return strings;
}

/** A field-type hash map (`fieldSettings`, `validatorConfiguration`): an object, or `[]`/empty for none. @throws BadRequestError */
function hashMap(input: InputReader, key: string): { readonly [key: string]: Hash } | undefined {
  const value = input.raw(key);
  if (value === undefined || value === null) return undefined;
  if (isDecodedArray(value) && value.length === 0) return {};
  if (!isDecodedObject(value)) throw input.invalid(key);
  return value;
}

function defaultSortField(input: InputReader): SortField | undefined {
  const value = input.optionalString('defaultSortField');
  if (value === undefined) return undefined;
  const field = SORT_FIELDS.find((candidate) => candidate === value);
  if (!field) throw new BadRequestError(`Invalid defaultSortField '${value}' in ${input.struct}: expected one of ${SORT_FIELDS.join(', ')}.`);
  return field;
}

function defaultSortOrder(input: InputReader): SortOrder | undefined {
  const value = input.optionalString('defaultSortOrder');
  if (value === undefined) return undefined;
  const upper = value.toUpperCase();
  if (upper !== 'ASC' && upper !== 'DESC') throw new BadRequestError(`Invalid defaultSortOrder '${value}' in ${input.struct}: expected ASC or DESC.`);
  return upper;
}

/** `ContentTypeGroupInput` for a create: identifier required; modificationDate → creation date; User → creator. */
export function parseContentTypeGroupCreate(data: DecodedObject, prefix: string): ContentTypeGroupCreateStruct {
  const input = reader(data, 'ContentTypeGroupInput');
  const struct: Building<ContentTypeGroupCreateStruct> = { identifier: input.requiredString('identifier') };
  const date = optionalDate(input, 'modificationDate');
  const user = input.optionalHref('User');
  if (date !== undefined) struct.creationDate = date;
  if (user !== undefined) struct.creatorId = parseHref(user, prefix, 'user');
  return struct;
}

/** `ContentTypeGroupInput` for an update: all optional; User → modifier. */
export function parseContentTypeGroupUpdate(data: DecodedObject, prefix: string): ContentTypeGroupUpdateStruct {
  const input = reader(data, 'ContentTypeGroupInput');
  const struct: Building<ContentTypeGroupUpdateStruct> = {};
  const identifier = input.optionalString('identifier');
  const date = optionalDate(input, 'modificationDate');
  const user = input.optionalHref('User');
  if (identifier !== undefined) struct.identifier = identifier;
  if (date !== undefined) struct.modificationDate = date;
  if (user !== undefined) struct.modifierId = parseHref(user, prefix, 'user');
  return struct;
}

/** The type columns shared by ContentTypeCreate and ContentTypeUpdate (all optional here). */
function typeColumns(input: InputReader): Building<Omit<ContentTypeUpdateStruct, 'modificationDate' | 'modifierId'>> {
  const columns: Building<Omit<ContentTypeUpdateStruct, 'modificationDate' | 'modifierId'>> = {};
  const strings = ['identifier', 'mainLanguageCode', 'remoteId', 'urlAliasSchema', 'nameSchema'] as const;
  for (const key of strings) {
    const value = input.optionalString(key);
    if (value !== undefined) columns[key] = value;
  }
  const names = translatableList(input, 'names');
  const descriptions = translatableList(input, 'descriptions');
  const isContainer = input.optionalBool('isContainer');
  const alwaysAvailable = input.optionalBool('defaultAlwaysAvailable');
  const sortField = defaultSortField(input);
  const sortOrder = defaultSortOrder(input);
  if (names !== undefined) columns.names = names;
  if (descriptions !== undefined) columns.descriptions = descriptions;
  if (isContainer !== undefined) columns.isContainer = isContainer;
  if (alwaysAvailable !== undefined) columns.defaultAlwaysAvailable = alwaysAvailable;
  if (sortField !== undefined) columns.defaultSortField = sortField;
  if (sortOrder !== undefined) columns.defaultSortOrder = sortOrder;
  return columns;
}

/**
 * `ContentTypeCreate`: identifier, mainLanguageCode and the `FieldDefinitions` element required
 * (it may be empty); modificationDate → creation date, User → creator. @throws BadRequestError; InvalidHrefError
 */
export function parseContentTypeCreate(data: DecodedObject, prefix: string): ContentTypeCreateStruct {
  const input = reader(data, 'ContentTypeCreate');
  const identifier = input.requiredString('identifier');
  const mainLanguageCode = input.requiredString('mainLanguageCode');
  const definitions = input.raw('FieldDefinitions');
  if (definitions === undefined) throw input.missing('FieldDefinitions');
  const list = definitions === null ? [] : input.requiredObject('FieldDefinitions').objectList('FieldDefinition', 'FieldDefinitionCreate', { singleAsList: true });
  const { names, ...columns } = typeColumns(input);
  const struct: Building<ContentTypeCreateStruct> = {
    ...columns,
    identifier,
    mainLanguageCode,
    names: names ?? {},
    fieldDefinitions: list.map(fieldDefinitionCreate),
  };
  const date = optionalDate(input, 'modificationDate');
  const user = input.optionalHref('User');
  if (date !== undefined) struct.creationDate = date;
  if (user !== undefined) struct.creatorId = parseHref(user, prefix, 'user');
  return struct;
}

/** `ContentTypeUpdate`: the create keys, all optional, minus FieldDefinitions; User → modifier. */
export function parseContentTypeUpdate(data: DecodedObject, prefix: string): ContentTypeUpdateStruct {
  const input = reader(data, 'ContentTypeUpdate');
  const struct: Building<ContentTypeUpdateStruct> = typeColumns(input);
  const date = optionalDate(input, 'modificationDate');
  const user = input.optionalHref('User');
  if (date !== undefined) struct.modificationDate = date;
  if (user !== undefined) struct.modifierId = parseHref(user, prefix, 'user');
  return struct;
}

/** The members FieldDefinitionCreate and FieldDefinitionUpdate share, all optional. */
function definitionMembers(input: InputReader): Building<FieldDefinitionUpdateStruct> {
  const struct: Building<FieldDefinitionUpdateStruct> = {};
  const identifier = input.optionalString('identifier');
  const fieldGroup = input.optionalString('fieldGroup');
  const position = input.optionalInt('position');
  if (identifier !== undefined) struct.identifier = identifier;
  if (fieldGroup !== undefined) struct.fieldGroup = fieldGroup;
  if (position !== undefined) struct.position = position;
  for (const key of ['isTranslatable', 'isRequired', 'isInfoCollector', 'isSearchable', 'isThumbnail'] as const) {
    const value = input.optionalBool(key);
    if (value !== undefined) struct[key] = value;
  }
  const names = translatableList(input, 'names');
  const descriptions = translatableList(input, 'descriptions');
  const fieldSettings = hashMap(input, 'fieldSettings');
  const validatorConfiguration = hashMap(input, 'validatorConfiguration');
  if (names !== undefined) struct.names = names;
  if (descriptions !== undefined) struct.descriptions = descriptions;
  if (fieldSettings !== undefined) struct.fieldSettings = fieldSettings;
  if (validatorConfiguration !== undefined) struct.validatorConfiguration = validatorConfiguration;
  const defaultValue = input.raw('defaultValue');
  if (defaultValue !== undefined) struct.defaultValue = defaultValue;
  return struct;
}

function fieldDefinitionCreate(input: InputReader): FieldDefinitionCreateStruct {
  const identifier = input.requiredString('identifier');
  const fieldTypeIdentifier = input.requiredString('fieldType');
  return { ...definitionMembers(input), identifier, fieldTypeIdentifier };
}

/** `FieldDefinitionCreate`: identifier and fieldType required. @throws BadRequestError */
export function parseFieldDefinitionCreate(data: DecodedObject): FieldDefinitionCreateStruct {
  return fieldDefinitionCreate(reader(data, 'FieldDefinitionCreate'));
}

/** `FieldDefinitionUpdate`: all optional, no fieldType. @throws BadRequestError */
export function parseFieldDefinitionUpdate(data: DecodedObject): FieldDefinitionUpdateStruct {
  return definitionMembers(reader(data, 'FieldDefinitionUpdate'));
}
