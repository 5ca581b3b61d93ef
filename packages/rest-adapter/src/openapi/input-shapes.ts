import type { JsonSchema } from './wire-shapes.js';

/**
 * The JSON shapes of the request bodies (input media types), as the input parsers (input/parsers) read them: the
 * body is `{"<Name>": {…}}`. Members listed are those the parsers know, with the required ones marked; parsers
 * ignore others, so the schemas stay open. Numbers may also be sent as decimal strings (the XML form has only text).
 */

const HREF: JsonSchema = { type: 'object', properties: { _href: { type: 'string' } }, required: ['_href'] };
const text: JsonSchema = { type: 'string' };
const integer: JsonSchema = { type: ['integer', 'string'] };
const flag: JsonSchema = { type: ['boolean', 'string'] };
/** Event names or patterns: an array, or one comma-separated string. */
const webhookEvents: JsonSchema = { type: ['array', 'string'], items: { type: 'string' } };
const anyValue: JsonSchema = {};
const translated: JsonSchema = {
  type: 'object',
  properties: { value: { type: 'array', items: { type: 'object', properties: { _languageCode: text, '#text': text } } } },
};
const fields: JsonSchema = {
  type: 'object',
  properties: {
    field: {
      type: 'array',
      items: { type: 'object', properties: { fieldDefinitionIdentifier: text, languageCode: text, fieldValue: anyValue }, required: ['fieldDefinitionIdentifier'] },
    },
  },
  required: ['field'],
};
const sortFields = { sortField: text, sortOrder: text } as const;
const limitations: JsonSchema = {
  type: 'object',
  properties: { limitation: { type: 'array', items: { type: 'object', properties: { _identifier: text, values: anyValue } } } },
};
const destination: Readonly<Record<string, JsonSchema>> = { destination: text };
const locationCreate: Readonly<Record<string, JsonSchema>> = { ParentLocation: HREF, priority: integer, hidden: flag, remoteId: text, ...sortFields };
const fieldDefinition: Readonly<Record<string, JsonSchema>> = {
  identifier: text,
  fieldType: text,
  fieldGroup: text,
  position: integer,
  isTranslatable: flag,
  isRequired: flag,
  isInfoCollector: flag,
  isSearchable: flag,
  defaultValue: anyValue,
  fieldSettings: anyValue,
  validatorConfiguration: anyValue,
  names: translated,
  descriptions: translated,
};
const contentTypeMembers: Readonly<Record<string, JsonSchema>> = {
  identifier: text,
  mainLanguageCode: text,
  remoteId: text,
  urlAliasSchema: text,
  nameSchema: text,
  isContainer: flag,
  defaultSortField: text,
  defaultSortOrder: text,
  defaultAlwaysAvailable: flag,
  names: translated,
  descriptions: translated,
};
const objectStateMembers: Readonly<Record<string, JsonSchema>> = { identifier: text, defaultLanguageCode: text, names: translated, descriptions: translated };
const userMembers: Readonly<Record<string, JsonSchema>> = { email: text, password: text, enabled: flag, remoteId: text, Section: HREF, fields };

/** Input media types: name → [members, required members]. */
const INPUTS: Readonly<Record<string, readonly [Readonly<Record<string, JsonSchema>>, readonly string[]]>> = {
  SessionInput: [{ login: text, password: text }, ['login', 'password']],
  ContentCreate: [{ ContentType: HREF, mainLanguageCode: text, LocationCreate: { type: 'object', properties: locationCreate }, Section: HREF, User: HREF, alwaysAvailable: flag, remoteId: text, modificationDate: text, fields }, ['ContentType', 'mainLanguageCode', 'LocationCreate', 'fields']],
  ContentUpdate: [{ mainLanguageCode: text, Section: HREF, MainLocation: HREF, Owner: HREF, alwaysAvailable: flag, remoteId: text, modificationDate: text, publishedDate: text }, []],
  VersionUpdate: [{ initialLanguageCode: text, modificationDate: text, fields }, []],
  CopyContentInput: [destination, ['destination']],
  CreateDraftFromVersionInput: [{}, []],
  CreateDraftFromCurrentVersionInput: [{}, []],
  PublishContentVersionInput: [{}, []],
  RelationCreate: [{ Destination: HREF }, ['Destination']],
  ContentObjectStates: [{ ObjectState: { type: 'array', items: HREF } }, ['ObjectState']],
  LocationCreate: [locationCreate, ['ParentLocation']],
  LocationUpdate: [{ priority: integer, remoteId: text, hidden: flag, ...sortFields }, []],
  CopyLocationInput: [destination, ['destination']],
  MoveLocationInput: [destination, ['destination']],
  SwapLocationInput: [destination, ['destination']],
  TrashLocationInput: [{}, []],
  RestoreTrashItemInput: [destination, []],
  ViewInput: [{ identifier: text, Query: anyValue, ContentQuery: anyValue, LocationQuery: anyValue }, ['identifier']],
  ContentTypeGroupInput: [{ identifier: text, modificationDate: text }, []],
  ContentTypeCreate: [{ ...contentTypeMembers, FieldDefinitions: { type: 'object', properties: { FieldDefinition: { type: 'array', items: { type: 'object', properties: fieldDefinition } } } } }, ['identifier', 'mainLanguageCode', 'names']],
  ContentTypeUpdate: [contentTypeMembers, []],
  CopyContentTypeInput: [{}, []],
  PublishContentTypeInput: [{}, []],
  ContentTypeViewInput: [{ identifier: text, ContentTypeQuery: anyValue }, []],
  FieldDefinitionCreate: [fieldDefinition, ['identifier', 'fieldType']],
  FieldDefinitionUpdate: [fieldDefinition, []],
  SectionInput: [{ identifier: text, name: text }, ['identifier', 'name']],
  LanguageCreate: [{ languageCode: text, name: text, enabled: flag }, ['languageCode']],
  LanguageUpdate: [{ name: text, enabled: flag }, []],
  ObjectStateGroupCreate: [objectStateMembers, ['identifier', 'defaultLanguageCode', 'names']],
  ObjectStateGroupUpdate: [objectStateMembers, []],
  ObjectStateCreate: [{ ...objectStateMembers, priority: integer }, ['identifier', 'defaultLanguageCode', 'names']],
  ObjectStateUpdate: [{ ...objectStateMembers, priority: integer }, []],
  UrlAliasCreate: [{ _type: { enum: ['LOCATION', 'GLOBAL'] }, location: HREF, resource: text, path: text, languageCode: text, alwaysAvailable: flag, forward: flag }, ['_type', 'path', 'languageCode']],
  UrlWildcardCreate: [{ sourceUrl: text, destinationUrl: text, forward: flag }, ['sourceUrl', 'destinationUrl']],
  UserCreate: [{ ...userMembers, ContentType: HREF, mainLanguageCode: text, login: text }, ['mainLanguageCode', 'login', 'email', 'password', 'fields']],
  UserUpdate: [userMembers, []],
  UserGroupCreate: [{ ContentType: HREF, mainLanguageCode: text, remoteId: text, Section: HREF, fields }, ['mainLanguageCode', 'fields']],
  UserGroupUpdate: [{ mainLanguageCode: text, remoteId: text, Section: HREF, fields }, []],
  MoveUserGroupInput: [destination, ['destination']],
  RoleInput: [{ identifier: text }, ['identifier']],
  PublishRoleInput: [{}, []],
  PolicyCreate: [{ module: text, function: text, limitations }, ['module', 'function']],
  PolicyUpdate: [{ limitations }, []],
  RoleAssignInput: [{ Role: HREF, limitation: anyValue }, ['Role']],
  WebhookCreate: [{ url: text, events: webhookEvents, secret: text, enabled: flag }, ['url', 'events', 'secret']],
  WebhookUpdate: [{ url: text, events: webhookEvents, secret: text, enabled: flag }, []],
};

/** Names of every described input media type. */
export const INPUT_MEDIA_TYPES: readonly string[] = Object.keys(INPUTS);

/**
 * The JSON Schema of a request body of input media type `name`: `{"<name>": {…}}`.
 * @throws Error for an input media type without a described shape (a programming error the reference's tests catch).
 */
export function inputSchema(name: string): JsonSchema {
  const input = INPUTS[name];
  if (input === undefined) throw new Error(`No shape is described for the input media type '${name}'`);
  const [properties, required] = input;
  const inner: JsonSchema = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  return { type: 'object', properties: { [name]: inner }, required: [name] };
}
