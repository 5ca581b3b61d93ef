import type {
  ContentCreateStruct,
  ContentMetadataUpdateStruct,
  ContentUpdateStruct,
  LocationCreateStruct,
  LocationUpdateStruct,
} from '@contentrepo/core';
import { BadRequestError } from '../../http/rest-errors.js';
import type { DecodedObject } from '../decoded-input.js';
import { parseHref } from '../href.js';
import { InputReader, reader } from '../reader.js';
import { fieldInputs, optionalDate, sortField, sortOrder } from './parser-support.js';

/** Mutable view of a readonly struct, for building it member by member. */
type Building<T> = { -readonly [K in keyof T]: T[K] };

/**
 * `LocationCreate`: ParentLocation href (last path segment = parent id), sortField and sortOrder
 * required, priority/hidden/remoteId optional.
 * @throws BadRequestError; InvalidHrefError (406) for a ParentLocation that is not a location href.
 */
export function parseLocationCreate(input: InputReader, prefix: string): LocationCreateStruct {
  const struct: Building<LocationCreateStruct> = {
    parentLocationId: parseHref(input.href('ParentLocation'), prefix, 'location').id,
  };
  const field = sortField(input, true);
  const order = sortOrder(input, true);
  if (field) struct.sortField = field;
  if (order) struct.sortOrder = order;
  const priority = input.optionalInt('priority');
  const hidden = input.optionalBool('hidden');
  const remoteId = input.optionalString('remoteId');
  if (priority !== undefined) struct.priority = priority;
  if (hidden !== undefined) struct.hidden = hidden;
  if (remoteId !== undefined) struct.remoteId = remoteId;
  return struct;
}

/**
 * `ContentCreate`: returns the create struct and its one location.
 * @throws BadRequestError for missing/invalid elements; InvalidHrefError (406) for hrefs to the wrong route.
 */
export function parseContentCreate(data: DecodedObject, prefix: string): { struct: ContentCreateStruct; location: LocationCreateStruct } {
  const input = reader(data, 'ContentCreate');
  const struct: Building<ContentCreateStruct> = {
    contentTypeId: parseHref(input.href('ContentType'), prefix, 'contentType'),
    mainLanguageCode: input.requiredString('mainLanguageCode'),
    fields: fieldInputs(input, true),
  };
  const location = parseLocationCreate(input.requiredObject('LocationCreate'), prefix);
  const section = input.optionalHref('Section');
  const owner = input.optionalHref('User');
  const alwaysAvailable = input.optionalBool('alwaysAvailable');
  const remoteId = input.optionalString('remoteId');
  const modificationDate = optionalDate(input, 'modificationDate');
  if (section !== undefined) struct.sectionId = parseHref(section, prefix, 'section');
  if (owner !== undefined) struct.ownerId = parseHref(owner, prefix, 'user');
  if (alwaysAvailable !== undefined) struct.alwaysAvailable = alwaysAvailable;
  if (remoteId !== undefined) struct.remoteId = remoteId;
  if (modificationDate !== undefined) struct.modificationDate = modificationDate;
  return { struct, location };
}

/** `VersionUpdate`: initialLanguageCode and fields; other keys are ignored. */
export function parseVersionUpdate(data: DecodedObject): ContentUpdateStruct {
  const input = reader(data, 'VersionUpdate');
  const initialLanguageCode = input.optionalString('initialLanguageCode');
  return { fields: fieldInputs(input, false), ...(initialLanguageCode === undefined ? {} : { initialLanguageCode }) };
}

/**
 * `ContentUpdate` (metadata only). `alwaysAvailable` accepts only the strings "true"/"false"
 * (an Ibexa quirk: a JSON boolean is a 400). @throws BadRequestError; InvalidHrefError
 */
export function parseContentUpdate(data: DecodedObject, prefix: string): ContentMetadataUpdateStruct {
  const input = reader(data, 'ContentUpdate');
  const struct: Building<ContentMetadataUpdateStruct> = {};
  const mainLanguageCode = input.optionalString('mainLanguageCode');
  const section = input.optionalHref('Section');
  const mainLocation = input.optionalHref('MainLocation');
  const owner = input.optionalHref('Owner');
  const remoteId = input.optionalString('remoteId');
  const modificationDate = optionalDate(input, 'modificationDate');
  const publishDate = optionalDate(input, 'publishDate');
  const alwaysAvailable = input.raw('alwaysAvailable');
  if (mainLanguageCode !== undefined) struct.mainLanguageCode = mainLanguageCode;
  if (section !== undefined) struct.sectionId = parseHref(section, prefix, 'section');
  if (mainLocation !== undefined) struct.mainLocationId = parseHref(mainLocation, prefix, 'location').id;
  if (owner !== undefined) struct.ownerId = parseHref(owner, prefix, 'user');
  if (remoteId !== undefined) struct.remoteId = remoteId;
  if (modificationDate !== undefined) struct.modificationDate = modificationDate;
  if (publishDate !== undefined) struct.publishedDate = publishDate;
  if (alwaysAvailable !== undefined && alwaysAvailable !== null) {
    if (alwaysAvailable !== 'true' && alwaysAvailable !== 'false') throw new BadRequestError('Invalid format for <alwaysAvailable> in <ContentUpdate>');
    struct.alwaysAvailable = alwaysAvailable === 'true';
  }
  return struct;
}

/** `LocationUpdate`: all optional; `hidden` is returned apart (it triggers hide/reveal). */
export function parseLocationUpdate(data: DecodedObject): { struct: LocationUpdateStruct; hidden: boolean | undefined } {
  const input = reader(data, 'LocationUpdate');
  const struct: Building<LocationUpdateStruct> = {};
  const priority = input.optionalInt('priority');
  const remoteId = input.optionalString('remoteId');
  const field = sortField(input, false);
  const order = sortOrder(input, false);
  if (priority !== undefined) struct.priority = priority;
  if (remoteId !== undefined) struct.remoteId = remoteId;
  if (field !== undefined) struct.sortField = field;
  if (order !== undefined) struct.sortOrder = order;
  return { struct, hidden: input.optionalBool('hidden') };
}

/** `SessionInput`: login and password, both required. */
export function parseSessionInput(data: DecodedObject): { login: string; password: string } {
  const input = reader(data, 'SessionInput');
  return { login: input.requiredString('login'), password: input.requiredString('password') };
}

/** The `destination` of a 5.x `*Input` payload (`/1/2/56`). @throws BadRequestError */
export function destinationOf(data: DecodedObject, inputName: string): string {
  return new InputReader(data, inputName).requiredString('destination');
}
