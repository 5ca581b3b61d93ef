import { membersSchema, resourceSchema, typeSchema, type JsonSchema, type ShapeMembers } from './wire-shapes.js';

/**
 * The JSON shapes of the resources the REST API answers with, one entry per media type (the output visitors in
 * output/visitors build them; the reference's test checks real answers against these schemas), in the notation of
 * wire-shapes.ts. The XML form carries the same members as elements and attributes (Ibexa's REST generators).
 */

/** An output media type: its root element name (the JSON body's single key) and its component schema. */
export interface OutputMediaType {
  /** Name of the body's root member (`Section`; `View` for a view's answer). */
  readonly root: string;
  /** Component schema describing the root member's value. */
  readonly component: string;
}

const contentInfoMembers: ShapeMembers = {
  _remoteId: 'string',
  _id: 'int',
  ContentType: 'ref',
  Name: 'string',
  TranslatedName: 'string',
  Versions: 'ref',
  Section: 'ref',
  'MainLocation?': 'ref',
  Locations: 'ref',
  Owner: 'ref',
  lastModificationDate: 'string',
  'publishedDate?': 'string',
  mainLanguageCode: 'string',
  currentVersionNo: 'int',
  alwaysAvailable: 'boolean',
  isHidden: 'boolean',
  status: 'string',
  ObjectStates: 'ref',
};

const versionInfo: ShapeMembers = {
  id: 'int',
  versionNo: 'int',
  status: 'string',
  modificationDate: 'string',
  Creator: 'ref',
  creationDate: 'string',
  initialLanguageCode: 'string',
  languageCodes: 'string',
  'VersionTranslationInfo?': '@VersionTranslationInfo',
  names: 'translated',
  Content: 'ref',
};

const field: ShapeMembers = { id: 'int', fieldDefinitionIdentifier: 'string', languageCode: 'string', fieldTypeIdentifier: 'string', fieldValue: 'any' };

const versionMembers: ShapeMembers = {
  VersionInfo: versionInfo,
  Fields: { field: '[@Field]' },
  Relations: '@RelationList',
  'Thumbnail?': '@Thumbnail',
};

const userContentMembers: ShapeMembers = {
  _id: 'int',
  _remoteId: 'string',
  ContentType: 'ref',
  name: 'string',
  Versions: 'ref',
  Section: 'ref',
  'MainLocation?': 'ref',
  Locations: 'ref',
  Owner: 'ref',
  'publishDate?': 'string',
  lastModificationDate: 'string',
  mainLanguageCode: 'string',
  alwaysAvailable: 'boolean',
  'Version?': '@Version',
};

const contentTypeInfoMembers: ShapeMembers = {
  id: 'int',
  status: 'string',
  identifier: 'string',
  names: 'translated',
  descriptions: 'translated',
  creationDate: 'string',
  modificationDate: 'string',
  Creator: 'ref',
  Modifier: 'ref',
  Groups: 'ref',
  'Draft?': 'ref',
  remoteId: 'string',
  urlAliasSchema: 'string',
  nameSchema: 'string',
  isContainer: 'boolean',
  mainLanguageCode: 'string',
  defaultAlwaysAvailable: 'boolean',
  defaultSortField: 'string',
  defaultSortOrder: 'string',
};

const locationMembers: ShapeMembers = {
  id: 'int',
  priority: 'int',
  hidden: 'boolean',
  invisible: 'boolean',
  'explicitlyHidden?': 'boolean',
  ParentLocation: '@LocationRef',
  pathString: 'string',
  depth: 'int',
  childCount: 'int',
  remoteId: 'string',
  'Children?': 'ref',
  Content: 'ref',
  sortField: 'string',
  sortOrder: 'string',
  'UrlAliases?': 'ref',
  ContentInfo: '@ContentInfoWrapper',
};

const policyMembers: ShapeMembers = {
  id: 'int',
  'originalId?': 'int',
  module: 'string',
  function: 'string',
  'limitations?': { limitation: '[@Limitation]' },
};

const objectStateTexts: ShapeMembers = { defaultLanguageCode: 'string', languageCodes: 'string', names: 'translated', descriptions: 'translated' };

/** Resources with a media type, keyed by component name: [media type, members, whether `_href` is present]. */
const RESOURCES: Readonly<Record<string, readonly [string, ShapeMembers, (boolean | 'optional')?]>> = {
  Content: ['Content', { ...contentInfoMembers, CurrentVersion: '@CurrentVersion' }],
  ContentInfo: ['ContentInfo', { ...contentInfoMembers, CurrentVersion: 'ref' }],
  ContentInfoWrapper: ['ContentInfo', { Content: '@ContentInfo|@Content' }],
  CurrentVersion: ['Version', { Version: '@Version' }],
  Version: ['Version', versionMembers],
  VersionTranslationInfo: ['VersionTranslationInfo', { Language: '[@VersionTranslationLanguage]' }, false],
  VersionList: ['VersionList', { VersionItem: '[@VersionItem]' }],
  Thumbnail: ['Thumbnail', { resource: 'string', width: 'int|null', height: 'int|null', mimeType: 'string|null' }, false],
  RelationList: ['RelationList', { Relation: '[@Relation]' }],
  Relation: ['Relation', { SourceContent: 'ref', DestinationContent: 'ref', 'SourceFieldDefinitionIdentifier?': 'string', RelationType: 'string' }],
  ContentImageVariation: ['ContentImageVariation', { uri: 'string', contentType: 'string', 'width?': 'int', 'height?': 'int', fileSize: 'int' }],
  ContentObjectStates: ['ContentObjectStates', { ObjectState: '[ref]' }, false],
  Location: ['Location', locationMembers],
  LocationRef: ['Location', {}, 'optional'],
  LocationList: ['LocationList', { Location: '[ref]' }],
  TrashItem: ['TrashItem', { ...locationMembers, 'UrlAliases?': 'ref', 'Children?': 'ref' }],
  Trash: ['Trash', { TrashItem: '[@TrashItem]' }],
  ContentTypeInfo: ['ContentTypeInfo', contentTypeInfoMembers],
  ContentTypeInfoList: ['ContentTypeInfoList', { ContentType: '[@ContentTypeInfo]' }],
  ContentType: ['ContentType', { ...contentTypeInfoMembers, FieldDefinitions: '@FieldDefinitionList' }],
  ContentTypeList: ['ContentTypeList', { ContentType: '[@ContentType]' }],
  FieldDefinitionList: ['FieldDefinitionList', { FieldDefinition: '[@FieldDefinition]' }],
  FieldDefinition: [
    'FieldDefinition',
    {
      id: 'int',
      identifier: 'string',
      fieldType: 'string',
      fieldGroup: 'string',
      position: 'int',
      isTranslatable: 'boolean',
      isRequired: 'boolean',
      isInfoCollector: 'boolean',
      defaultValue: 'any',
      isSearchable: 'boolean',
      names: 'translated',
      descriptions: 'translated',
      fieldSettings: 'any',
      validatorConfiguration: 'any',
    },
  ],
  ContentTypeGroup: ['ContentTypeGroup', { id: 'int', identifier: 'string', created: 'string', modified: 'string', Creator: 'ref', Modifier: 'ref', ContentTypes: 'ref' }],
  ContentTypeGroupList: ['ContentTypeGroupList', { ContentTypeGroup: '[@ContentTypeGroup]' }],
  ContentTypeGroupRefList: ['ContentTypeGroupRefList', { ContentTypeGroupRef: '[@ContentTypeGroupRef]' }],
  ContentTypeGroupRef: ['ContentTypeGroup', { 'unlink?': { _href: 'string', _method: 'string' } }],
  Section: ['Section', { sectionId: 'int', identifier: 'string', name: 'string' }],
  SectionList: ['SectionList', { Section: '[@Section]' }],
  Language: ['Language', { languageId: 'int', languageCode: 'string', name: 'string' }],
  LanguageList: ['LanguageList', { Language: '[@Language]' }],
  Country: ['Country', { _id: 'string', name: 'string', Alpha2: 'string', Alpha3: 'string', IDC: 'int' }, false],
  CountryList: ['CountryList', { Country: '[@Country]' }, false],
  Session: ['Session', { name: 'string', identifier: 'string', csrfToken: 'string', User: 'ref' }],
  User: ['User', { ...userContentMembers, login: 'string', email: 'string', enabled: 'boolean', UserGroups: 'ref', Roles: 'ref', Groups: 'ref' }],
  UserList: ['UserList', { User: '[@User]' }],
  UserRefList: ['UserRefList', { User: '[ref]' }],
  UserGroup: ['UserGroup', { ...userContentMembers, 'ParentUserGroup?': 'ref', Subgroups: 'ref', Users: 'ref', Roles: 'ref' }],
  UserGroupList: ['UserGroupList', { UserGroup: '[@UserGroup]' }],
  UserGroupRefList: ['UserGroupRefList', { UserGroup: '[@UserGroupRef]' }],
  UserGroupRef: ['UserGroup', { 'unassign?': { _href: 'string', _method: 'string' } }],
  Role: ['Role', { identifier: 'string', Policies: 'ref' }],
  RoleDraft: ['RoleDraft', { identifier: 'string', Policies: 'ref' }],
  RoleList: ['RoleList', { Role: '[@Role|@RoleDraft]' }],
  Policy: ['Policy', policyMembers],
  PolicyDraft: ['PolicyDraft', policyMembers],
  PolicyList: ['PolicyList', { Policy: '[@Policy|@PolicyDraft]' }],
  RoleAssignment: ['RoleAssignment', { 'limitation?': '@Limitation', Role: 'ref' }],
  RoleAssignmentList: ['RoleAssignmentList', { RoleAssignment: '[@RoleAssignment]' }],
  View: ['View', { identifier: 'string', Query: '@ViewQuery', Result: '@ViewResult' }],
  ViewQuery: ['Query', {}, false],
  ViewResult: [
    'ViewResult',
    { count: 'int', time: 'int', timedOut: 'boolean', maxScore: 'number|null', searchHits: { searchHit: '[@SearchHit]' }, aggregations: '[any]' },
  ],
  SearchHit: ['searchHit', { _score: 'number', _index: 'string', value: '@SearchHitValue' }, false],
  SearchHitValue: ['value', { 'Content?': '@Content', 'Location?': '@Location', 'ContentInfo?': '@ContentInfo' }, false],
  UrlAlias: [
    'UrlAlias',
    {
      _id: 'string',
      _type: 'string',
      'location?': 'ref',
      'resource?': 'string',
      path: 'string',
      languageCodes: 'string',
      alwaysAvailable: 'boolean',
      isHistory: 'boolean',
      forward: 'boolean',
      custom: 'boolean',
    },
  ],
  UrlAliasRefList: ['UrlAliasRefList', { UrlAlias: '[ref]' }],
  UrlWildcard: ['UrlWildcard', { _id: 'int', sourceUrl: 'string', destinationUrl: 'string', forward: 'boolean' }],
  UrlWildcardList: ['UrlWildcardList', { UrlWildcard: '[@UrlWildcard]' }],
  ObjectStateGroup: ['ObjectStateGroup', { id: 'int', identifier: 'string', ObjectStates: 'ref', ...objectStateTexts }],
  ObjectStateGroupList: ['ObjectStateGroupList', { ObjectStateGroup: '[@ObjectStateGroup]' }],
  ObjectState: ['ObjectState', { id: 'int', identifier: 'string', priority: 'int', ObjectStateGroup: 'ref', ...objectStateTexts }],
  ObjectStateList: ['ObjectStateList', { ObjectState: '[@ObjectState]' }],
  Bookmark: ['Bookmark', { __href: 'string', Location: '@Location' }, false],
  BookmarkList: ['BookmarkList', { count: 'int', items: '[@Bookmark]' }, false],
  Webhook: ['Webhook', { id: 'int', url: 'string', events: '[string]', enabled: 'boolean', created: 'string', secretHint: 'string', Deliveries: 'ref' }],
  WebhookList: ['WebhookList', { Webhook: '[@Webhook]' }],
  WebhookDelivery: [
    'WebhookDelivery',
    {
      id: 'int',
      Webhook: 'ref',
      eventId: 'int',
      eventType: 'string',
      status: 'string',
      attempts: 'int',
      nextAttemptAt: 'string',
      lastStatus: 'int|null',
      lastError: 'string|null',
      deliveredAt: 'string|null',
      createdAt: 'string',
    },
  ],
  WebhookDeliveryList: ['WebhookDeliveryList', { totalCount: 'int', WebhookDelivery: '[@WebhookDelivery]' }],
  ErrorMessage: [
    'ErrorMessage',
    { errorCode: 'int', errorMessage: 'string', errorDescription: 'string', 'errorDetails?': 'any', 'trace?': 'string', 'file?': 'string', 'line?': 'int', 'Previous?': '@ErrorMessage' },
    false,
  ],
};

/** Shapes without a media type of their own (hashes inside resources). */
const HASHES: Readonly<Record<string, ShapeMembers>> = {
  Field: field,
  VersionItem: { Version: 'ref', VersionInfo: versionInfo },
  VersionTranslationLanguage: { languageCode: 'string', 'DeleteTranslation?': { _href: 'string' } },
  Limitation: { _identifier: 'string', values: { ref: '[@LimitationValue]' } },
  LimitationValue: { _href: 'string' },
};

/**
 * Output media types whose body is rooted differently from their component (the name the body's key has, when it is
 * not the media type's name, and the component describing it).
 */
const ROOTS: Readonly<Record<string, OutputMediaType>> = {
  RoleDraft: { root: 'Role', component: 'RoleDraft' },
  PolicyDraft: { root: 'Policy', component: 'PolicyDraft' },
  ContentTypeDraft: { root: 'ContentType', component: 'ContentType' },
  ContentTypeInfoDraft: { root: 'ContentTypeInfo', component: 'ContentTypeInfo' },
  ContentInfo: { root: 'Content', component: 'ContentInfo' },
  RelationList: { root: 'Relations', component: 'RelationList' },
  FieldDefinitionList: { root: 'FieldDefinitions', component: 'FieldDefinitionList' },
};

/** The component schemas of every output shape, by component name. */
export function resourceComponents(): Record<string, JsonSchema> {
  const components: Record<string, JsonSchema> = {};
  for (const [name, [mediaType, members, href]] of Object.entries(RESOURCES)) {
    components[name] = resourceSchema(mediaType, members, href === undefined ? {} : { href });
  }
  for (const [name, members] of Object.entries(HASHES)) components[name] = membersSchema(members);
  // The Root resource: its links, each a reference (an empty `_media-type` for the templated ones).
  components['Root'] = { ...resourceSchema('Root', {}, { href: false }), additionalProperties: typeSchema('ref') };
  return components;
}

/**
 * The body shape of an output media type name (`Section` → root `Section`, component `Section`).
 * @throws Error for a media type without a described shape (a programming error the reference's tests catch).
 */
export function outputMediaType(name: string): OutputMediaType {
  const special = ROOTS[name];
  if (special !== undefined) return special;
  if (RESOURCES[name] === undefined && name !== 'Root') throw new Error(`No shape is described for the media type '${name}'`);
  return { root: name, component: name };
}
