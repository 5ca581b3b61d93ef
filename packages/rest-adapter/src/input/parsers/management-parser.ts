import {
  languageDisplayName,
  type LanguageCreateStruct,
  type ObjectStateCreateStruct,
  type ObjectStateGroupCreateStruct,
  type ObjectStateGroupUpdateStruct,
  type ObjectStateUpdateStruct,
  type SectionCreateStruct,
  type TranslatedStrings,
} from '@contentrepo/core';
import { BadRequestError } from '../../http/rest-errors.js';
import type { DecodedObject } from '../decoded-input.js';
import { parseHref, parseLocationPathString } from '../href.js';
import { type InputReader, reader } from '../reader.js';
import { translatableList } from './content-type-parser.js';

/** Mutable view of a readonly struct, for building it member by member. */
type Building<T> = { -readonly [K in keyof T]: T[K] };

/** `SectionInput`: `identifier` and `name`, both required (create and update). @throws BadRequestError */
export function parseSectionInput(data: DecodedObject): SectionCreateStruct {
  const input = reader(data, 'SectionInput');
  return { identifier: input.requiredString('identifier'), name: input.requiredString('name') };
}

/**
 * `LanguageCreate` (an extension of this server; Ibexa's REST API has no language writes): `languageCode` required,
 * `name` optional (default: the name Ibexa installs the language with, `languageDisplayName`), `enabled` optional
 * (default true). @throws BadRequestError
 */
export function parseLanguageCreate(data: DecodedObject): LanguageCreateStruct {
  const input = reader(data, 'LanguageCreate');
  const languageCode = input.requiredString('languageCode');
  return { languageCode, name: input.optionalString('name') ?? languageDisplayName(languageCode), enabled: input.optionalBool('enabled') ?? true };
}

/** `LanguageUpdate` (extension): optional `name` and `enabled`. @throws BadRequestError */
export function parseLanguageUpdate(data: DecodedObject): { readonly name?: string; readonly enabled?: boolean } {
  const input = reader(data, 'LanguageUpdate');
  const name = input.optionalString('name');
  const enabled = input.optionalBool('enabled');
  return { ...(name === undefined ? {} : { name }), ...(enabled === undefined ? {} : { enabled }) };
}

/** The translated members of the object state payloads; `names` required on create. */
function translatedMembers(input: InputReader, create: boolean): { names?: TranslatedStrings; descriptions?: TranslatedStrings } {
  const names = translatableList(input, 'names');
  if (create && names === undefined) throw input.missing('names');
  const descriptions = translatableList(input, 'descriptions');
  return { ...(names === undefined ? {} : { names }), ...(descriptions === undefined ? {} : { descriptions }) };
}

/** `ObjectStateGroupCreate`: identifier, defaultLanguageCode, names required. @throws BadRequestError */
export function parseObjectStateGroupCreate(data: DecodedObject): ObjectStateGroupCreateStruct {
  const input = reader(data, 'ObjectStateGroupCreate');
  const identifier = input.requiredString('identifier');
  const defaultLanguageCode = input.requiredString('defaultLanguageCode');
  const { names = {}, descriptions } = translatedMembers(input, true);
  return { identifier, defaultLanguageCode, names, ...(descriptions === undefined ? {} : { descriptions }) };
}

/** `ObjectStateGroupUpdate`: every member optional. @throws BadRequestError */
export function parseObjectStateGroupUpdate(data: DecodedObject): ObjectStateGroupUpdateStruct {
  const input = reader(data, 'ObjectStateGroupUpdate');
  const struct: Building<ObjectStateGroupUpdateStruct> = { ...translatedMembers(input, false) };
  const identifier = input.optionalString('identifier');
  const defaultLanguageCode = input.optionalString('defaultLanguageCode');
  if (identifier !== undefined) struct.identifier = identifier;
  if (defaultLanguageCode !== undefined) struct.defaultLanguageCode = defaultLanguageCode;
  return struct;
}

/** `ObjectStateCreate`: identifier, priority (int), defaultLanguageCode, names required. @throws BadRequestError */
export function parseObjectStateCreate(data: DecodedObject): ObjectStateCreateStruct {
  const input = reader(data, 'ObjectStateCreate');
  const identifier = input.requiredString('identifier');
  const priority = input.requiredInt('priority');
  const defaultLanguageCode = input.requiredString('defaultLanguageCode');
  const { names = {}, descriptions } = translatedMembers(input, true);
  return { identifier, priority, defaultLanguageCode, names, ...(descriptions === undefined ? {} : { descriptions }) };
}

/** `ObjectStateUpdate`: every member optional. @throws BadRequestError */
export function parseObjectStateUpdate(data: DecodedObject): ObjectStateUpdateStruct {
  const input = reader(data, 'ObjectStateUpdate');
  const struct: Building<ObjectStateUpdateStruct> = { ...translatedMembers(input, false) };
  const identifier = input.optionalString('identifier');
  const defaultLanguageCode = input.optionalString('defaultLanguageCode');
  if (identifier !== undefined) struct.identifier = identifier;
  if (defaultLanguageCode !== undefined) struct.defaultLanguageCode = defaultLanguageCode;
  return struct;
}

/**
 * `ContentObjectStates`: at least one `ObjectState` href, a JSON array (XML repeats the element).
 * @throws BadRequestError; InvalidHrefError (406) for an href that is not an object state's.
 */
export function parseContentObjectStates(data: DecodedObject, prefix: string): { readonly groupId: number; readonly stateId: number }[] {
  const input = reader(data, 'ContentObjectStates');
  const states = input.objectList('ObjectState', 'ObjectState');
  if (states.length === 0) throw new BadRequestError("Missing or invalid 'ObjectState' element for ContentObjectStates.");
  return states.map((state) => parseHref(state.requiredString('_href'), prefix, 'objectState'));
}

/** `RelationCreate`: the destination content href. @throws BadRequestError; InvalidHrefError (406) */
export function parseRelationCreate(data: DecodedObject, prefix: string): number {
  return parseHref(reader(data, 'RelationCreate').href('Destination'), prefix, 'content');
}

/** What `UrlAliasCreate` asks for. */
export type UrlAliasCreateInput =
  | { readonly type: 'LOCATION'; readonly locationId: number; readonly path: string; readonly languageCode: string; readonly alwaysAvailable: boolean; readonly forward: boolean }
  | { readonly type: 'RESOURCE'; readonly resource: string; readonly path: string; readonly languageCode: string; readonly alwaysAvailable: boolean; readonly forward: boolean };

/**
 * `UrlAliasCreate`: `_type` (XML attribute `type`) LOCATION needs `location` (an href), any other
 * value `resource`; `path` and `languageCode` required; `alwaysAvailable` and `forward` default to false.
 * @throws BadRequestError; InvalidHrefError (406) for a location href to another route.
 */
export function parseUrlAliasCreate(data: DecodedObject, prefix: string): UrlAliasCreateInput {
  const input = reader(data, 'UrlAliasCreate');
  const type = input.requiredString('_type');
  const common = {
    path: input.requiredString('path'),
    languageCode: input.requiredString('languageCode'),
    alwaysAvailable: input.optionalBool('alwaysAvailable') ?? false,
    forward: input.optionalBool('forward') ?? false,
  };
  if (type === 'LOCATION') return { type, locationId: parseHref(input.href('location'), prefix, 'location').id, ...common };
  return { type: 'RESOURCE', resource: input.requiredString('resource'), ...common };
}

/** `UrlWildcardCreate`: sourceUrl, destinationUrl and forward, all required. @throws BadRequestError */
export function parseUrlWildcardCreate(data: DecodedObject): { sourceUrl: string; destinationUrl: string; forward: boolean } {
  const input = reader(data, 'UrlWildcardCreate');
  return { sourceUrl: input.requiredString('sourceUrl'), destinationUrl: input.requiredString('destinationUrl'), forward: input.requiredBool('forward') };
}

/** `RestoreTrashItemInput`: `{}` or `{destination: "/1/2"}`; the destination's location id or undefined. */
export function parseRestoreTrashItemInput(data: DecodedObject): number | undefined {
  const destination = reader(data, 'RestoreTrashItemInput').optionalString('destination');
  return destination === undefined ? undefined : parseLocationPathString(destination, 'RestoreTrashItemInput').id;
}
