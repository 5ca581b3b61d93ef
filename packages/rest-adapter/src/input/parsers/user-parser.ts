import type {
  ContentMetadataUpdateStruct,
  UserCreateStruct,
  UserGroupCreateStruct,
  UserGroupUpdateStruct,
  UserUpdateStruct,
} from '@contentrepo/core';
import type { DecodedObject } from '../decoded-input.js';
import { parseHref } from '../href.js';
import { type InputReader, reader } from '../reader.js';
import { fieldInputs } from './parser-support.js';

/** Mutable view of a readonly struct, for building it member by member. */
type Building<T> = { -readonly [K in keyof T]: T[K] };

/** The metadata members shared by UserUpdate and UserGroupUpdate: `mainLanguageCode`, `Section`, `remoteId`. */
function metadataUpdate(input: InputReader, prefix: string): ContentMetadataUpdateStruct | undefined {
  const struct: Building<ContentMetadataUpdateStruct> = {};
  const mainLanguageCode = input.optionalString('mainLanguageCode');
  const section = input.optionalHref('Section');
  const remoteId = input.optionalString('remoteId');
  if (mainLanguageCode !== undefined) struct.mainLanguageCode = mainLanguageCode;
  if (section !== undefined) struct.sectionId = parseHref(section, prefix, 'section');
  if (remoteId !== undefined) struct.remoteId = remoteId;
  return Object.keys(struct).length > 0 ? struct : undefined;
}

/**
 * `UserCreate`: `mainLanguageCode`, `login`, `email`, `password` and `fields.field[]` required;
 * `ContentType` and `Section` refs, `remoteId`, `enabled` optional.
 * @throws BadRequestError; InvalidHrefError (406) for a ref to the wrong route.
 */
export function parseUserCreate(data: DecodedObject, prefix: string): UserCreateStruct {
  const input = reader(data, 'UserCreate');
  const struct: Building<UserCreateStruct> = {
    mainLanguageCode: input.requiredString('mainLanguageCode'),
    login: input.requiredString('login'),
    email: input.requiredString('email'),
    password: input.requiredString('password'),
    fields: fieldInputs(input, true),
  };
  const contentType = input.optionalHref('ContentType');
  const section = input.optionalHref('Section');
  const remoteId = input.optionalString('remoteId');
  const enabled = input.optionalBool('enabled');
  const maxLogin = input.optionalInt('maxLogin');
  if (contentType !== undefined) struct.contentTypeId = parseHref(contentType, prefix, 'contentType');
  if (section !== undefined) struct.sectionId = parseHref(section, prefix, 'section');
  if (remoteId !== undefined) struct.remoteId = remoteId;
  if (enabled !== undefined) struct.enabled = enabled;
  if (maxLogin !== undefined) struct.maxLogin = maxLogin;
  return struct;
}

/**
 * `UserUpdate`: all optional — `email`, `password`, `enabled`, `maxLogin`, `mainLanguageCode`,
 * `remoteId`, `Section` ref, `fields.field[]`; a `login` element is ignored (logins cannot change).
 * @throws BadRequestError; InvalidHrefError
 */
export function parseUserUpdate(data: DecodedObject, prefix: string): UserUpdateStruct {
  const input = reader(data, 'UserUpdate');
  const struct: Building<UserUpdateStruct> = {};
  const email = input.optionalString('email');
  const password = input.optionalString('password');
  const enabled = input.optionalBool('enabled');
  const maxLogin = input.optionalInt('maxLogin');
  const fields = fieldInputs(input, false);
  const metadata = metadataUpdate(input, prefix);
  if (email !== undefined) struct.email = email;
  if (password !== undefined) struct.password = password;
  if (enabled !== undefined) struct.enabled = enabled;
  if (maxLogin !== undefined) struct.maxLogin = maxLogin;
  if (fields.length > 0) struct.contentUpdateStruct = { fields };
  if (metadata) struct.contentMetadataUpdateStruct = metadata;
  return struct;
}

/**
 * `UserGroupCreate`: `mainLanguageCode` and `fields.field[]` required; `ContentType` and
 * `Section` refs and `remoteId` optional. @throws BadRequestError; InvalidHrefError
 */
export function parseUserGroupCreate(data: DecodedObject, prefix: string): UserGroupCreateStruct {
  const input = reader(data, 'UserGroupCreate');
  const struct: Building<UserGroupCreateStruct> = {
    mainLanguageCode: input.requiredString('mainLanguageCode'),
    fields: fieldInputs(input, true),
  };
  const contentType = input.optionalHref('ContentType');
  const section = input.optionalHref('Section');
  const remoteId = input.optionalString('remoteId');
  if (contentType !== undefined) struct.contentTypeId = parseHref(contentType, prefix, 'contentType');
  if (section !== undefined) struct.sectionId = parseHref(section, prefix, 'section');
  if (remoteId !== undefined) struct.remoteId = remoteId;
  return struct;
}

/** `UserGroupUpdate`: optional `mainLanguageCode`, `Section`, `remoteId`, `fields.field[]`. */
export function parseUserGroupUpdate(data: DecodedObject, prefix: string): UserGroupUpdateStruct {
  const input = reader(data, 'UserGroupUpdate');
  const struct: Building<UserGroupUpdateStruct> = {};
  const fields = fieldInputs(input, false);
  const metadata = metadataUpdate(input, prefix);
  if (fields.length > 0) struct.contentUpdateStruct = { fields };
  if (metadata) struct.contentMetadataUpdateStruct = metadata;
  return struct;
}
