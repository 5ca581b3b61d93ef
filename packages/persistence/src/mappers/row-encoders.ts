import type {
  ContentInfo,
  ContentTypeGroup,
  Language,
  LocationRecord,
  NewField,
  NewRelation,
  ObjectState,
  ObjectStateGroup,
  PendingLocation,
  Policy,
  Relation,
  RoleAssignment,
  Section,
  StoredContentType,
  StoredFieldDefinition,
  TranslatedStrings,
  UserAccount,
  VersionInfo,
} from '@contentrepo/core';
import {
  contentStatusCode,
  contentTypeStatusCode,
  relationTypeCode,
  sortFieldCode,
  sortOrderCode,
  versionStatusCode,
} from '../db/codes.js';
import { sortNameOf } from '../db/collation.js';
import { toSeconds, toSecondsOrNull } from '../db/dates.js';
import { jsonParam } from '../db/json-decoders.js';
import { TABLES, type TableRow } from '../schema/index.js';

/**
 * Row encoders: values → rows keyed by the column keys of the schema description (`db/inserts.ts` writes them
 * under the columns' SQL names), with dates as Unix seconds, enumerations as Ibexa codes, JSON as text. The
 * inverse of the decoders in this folder; shared by handlers and the seed importer.
 */

/** A row keyed by SQL column names (the inserts that name their table by a string; see `db/inserts.ts`). */
export type DbRow = Record<string, string | number | boolean | null>;

const T = TABLES;

/** A `language` row. */
export const languageRow = (language: Language): TableRow<typeof T.language> => ({
  id: language.id,
  languageCode: language.languageCode,
  name: language.name,
  enabled: language.enabled,
});

/** A `section` row. */
export const sectionRow = (section: Section): TableRow<typeof T.section> => ({ id: section.id, identifier: section.identifier, name: section.name });

/** A `content_type_group` row. */
export const contentTypeGroupRow = (group: ContentTypeGroup): TableRow<typeof T.contentTypeGroup> => ({
  id: group.id,
  identifier: group.identifier,
  created: toSeconds(group.creationDate),
  modified: toSeconds(group.modificationDate),
  creatorId: group.creatorId,
  modifierId: group.modifierId,
  isSystem: group.isSystem,
});

/** A `content_type` row (without groups and field definitions). */
export const contentTypeRow = (type: StoredContentType): TableRow<typeof T.contentType> => ({
  id: type.id,
  status: contentTypeStatusCode(type.status),
  identifier: type.identifier,
  remoteId: type.remoteId,
  names: jsonParam(type.names),
  descriptions: jsonParam(type.descriptions),
  created: toSeconds(type.creationDate),
  modified: toSeconds(type.modificationDate),
  creatorId: type.creatorId,
  modifierId: type.modifierId,
  urlAliasSchema: type.urlAliasSchema,
  nameSchema: type.nameSchema,
  isContainer: type.isContainer,
  mainLanguageCode: type.mainLanguageCode,
  defaultAlwaysAvailable: type.defaultAlwaysAvailable,
  defaultSortField: sortFieldCode(type.defaultSortField),
  defaultSortOrder: sortOrderCode(type.defaultSortOrder),
});

/** A `field_definition` row of `type` (same status as the type). */
export const fieldDefinitionRow = (
  definition: StoredFieldDefinition,
  type: Pick<StoredContentType, 'id' | 'status'>,
): TableRow<typeof T.fieldDefinition> => ({
  id: definition.id,
  status: contentTypeStatusCode(type.status),
  contentTypeId: type.id,
  identifier: definition.identifier,
  fieldTypeIdentifier: definition.fieldTypeIdentifier,
  fieldGroup: definition.fieldGroup,
  position: definition.position,
  isTranslatable: definition.isTranslatable,
  isRequired: definition.isRequired,
  isInfoCollector: definition.isInfoCollector,
  isSearchable: definition.isSearchable,
  isThumbnail: definition.isThumbnail,
  names: jsonParam(definition.names),
  descriptions: jsonParam(definition.descriptions),
  defaultValue: jsonParam(definition.defaultValue),
  fieldSettings: jsonParam(definition.fieldSettings),
  validatorConfiguration: jsonParam(definition.validatorConfiguration),
});

/** A `content` row without its id (the database assigns one). */
export const newContentRow = (info: Omit<ContentInfo, 'id'>): TableRow<typeof T.content> => ({
  contentTypeId: info.contentTypeId,
  sectionId: info.sectionId,
  ownerId: info.ownerId,
  currentVersionNo: info.currentVersionNo,
  name: info.name,
  sortName: sortNameOf(info.name),
  modified: toSeconds(info.modificationDate),
  published: toSecondsOrNull(info.publishedDate),
  alwaysAvailable: info.alwaysAvailable,
  remoteId: info.remoteId,
  mainLanguageCode: info.mainLanguageCode,
  mainLocationId: info.mainLocationId,
  status: contentStatusCode(info.status),
  isHidden: info.isHidden,
});

/** A `content` row with its id. */
export const contentRow = (info: ContentInfo): TableRow<typeof T.content> => ({ id: info.id, ...newContentRow(info) });

/** A `content_version` row; without `id` in `version` the database assigns one. */
export const versionRow = (version: Omit<VersionInfo, 'id' | 'names'> & { readonly id?: number }): TableRow<typeof T.contentVersion> => ({
  ...(version.id === undefined ? {} : { id: version.id }),
  contentId: version.contentId,
  versionNo: version.versionNo,
  status: versionStatusCode(version.status),
  creatorId: version.creatorId,
  created: toSeconds(version.creationDate),
  modified: toSeconds(version.modificationDate),
  initialLanguageCode: version.initialLanguageCode,
  languageCodes: jsonParam(version.languageCodes),
});

/** The `content_name` rows of one version. */
export const nameRows = (contentId: number, versionNo: number, names: TranslatedStrings): TableRow<typeof T.contentName>[] =>
  Object.entries(names).map(([languageCode, name]) => ({
    contentId: contentId,
    versionNo: versionNo,
    languageCode: languageCode,
    name,
  }));

/** A `content_field` row of a field whose id is known. */
export const fieldRow = (contentId: number, versionNo: number, field: NewField & { readonly id: number }): TableRow<typeof T.contentField> => ({
  id: field.id,
  versionNo: versionNo,
  contentId: contentId,
  fieldDefinitionId: field.fieldDefinitionId,
  fieldDefIdentifier: field.fieldDefIdentifier,
  fieldTypeIdentifier: field.fieldTypeIdentifier,
  languageCode: field.languageCode,
  data: jsonParam(field.data),
});

/** A `content_relation` row without id (the database assigns one). */
export const newRelationRow = (contentId: number, versionNo: number, relation: NewRelation): TableRow<typeof T.contentRelation> => ({
  sourceContentId: contentId,
  sourceVersionNo: versionNo,
  destinationContentId: relation.destinationContentId,
  type: relationTypeCode(relation.type),
  sourceFieldDefinitionIdentifier: relation.sourceFieldDefinitionIdentifier,
});

/** A `content_relation` row with its id. */
export const relationRow = (relation: Relation): TableRow<typeof T.contentRelation> => ({
  id: relation.id,
  ...newRelationRow(relation.sourceContentId, relation.sourceVersionNo, relation),
});

/** A `pending_location` row. */
export const pendingLocationRow = (contentId: number, pending: PendingLocation): TableRow<typeof T.pendingLocation> => ({
  contentId: contentId,
  parentLocationId: pending.parentLocationId,
  priority: pending.priority,
  hidden: pending.hidden,
  remoteId: pending.remoteId,
  sortField: sortFieldCode(pending.sortField),
  sortOrder: sortOrderCode(pending.sortOrder),
});

/** A `location` row with its id. */
export const locationRow = (location: LocationRecord): TableRow<typeof T.location> => ({
  id: location.id,
  parentId: location.parentLocationId,
  contentId: location.contentId,
  pathString: location.pathString,
  depth: location.depth,
  priority: location.priority,
  hidden: location.hidden,
  invisible: location.invisible,
  remoteId: location.remoteId,
  sortField: sortFieldCode(location.sortField),
  sortOrder: sortOrderCode(location.sortOrder),
});

/** A `user_account` row. */
export const userAccountRow = (account: UserAccount): TableRow<typeof T.userAccount> => ({
  contentId: account.contentId,
  login: account.login,
  email: account.email,
  passwordHash: account.passwordHash,
  enabled: account.enabled,
  maxLogin: account.maxLogin,
  passwordUpdatedAt: toSecondsOrNull(account.passwordUpdatedAt),
});

/** A `policy` row. */
export const policyRow = (policy: Policy): TableRow<typeof T.policy> => ({
  id: policy.id,
  roleId: policy.roleId,
  module: policy.module,
  function: policy.function,
  limitations: jsonParam(policy.limitations),
});

/** A `role_assignment` row. */
export const roleAssignmentRow = (assignment: RoleAssignment): TableRow<typeof T.roleAssignment> => ({
  id: assignment.id,
  roleId: assignment.roleId,
  subjectKind: assignment.subjectKind,
  subjectId: assignment.subjectId,
  limitation: jsonParam(assignment.limitation),
});

/** An `object_state_group` row. */
export const objectStateGroupRow = (group: ObjectStateGroup): TableRow<typeof T.objectStateGroup> => ({
  id: group.id,
  identifier: group.identifier,
  defaultLanguageCode: group.defaultLanguageCode,
  languageCodes: jsonParam(group.languageCodes),
  names: jsonParam(group.names),
  descriptions: jsonParam(group.descriptions),
});

/** An `object_state` row. */
export const objectStateRow = (state: ObjectState): TableRow<typeof T.objectState> => ({
  id: state.id,
  groupId: state.groupId,
  identifier: state.identifier,
  priority: state.priority,
  defaultLanguageCode: state.defaultLanguageCode,
  languageCodes: jsonParam(state.languageCodes),
  names: jsonParam(state.names),
  descriptions: jsonParam(state.descriptions),
});
