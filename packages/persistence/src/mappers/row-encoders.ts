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

/**
 * Row encoders: values → the column maps knex inserts (snake_case columns, dates as Unix seconds, enumerations
 * as Ibexa codes, JSON as text). The inverse of the decoders in this folder; shared by handlers and the seed importer.
 */
export type DbRow = Record<string, string | number | boolean | null>;

/** A `language` row. */
export const languageRow = (language: Language): DbRow => ({
  id: language.id,
  language_code: language.languageCode,
  name: language.name,
  enabled: language.enabled,
});

/** A `section` row. */
export const sectionRow = (section: Section): DbRow => ({ id: section.id, identifier: section.identifier, name: section.name });

/** A `content_type_group` row. */
export const contentTypeGroupRow = (group: ContentTypeGroup): DbRow => ({
  id: group.id,
  identifier: group.identifier,
  created: toSeconds(group.creationDate),
  modified: toSeconds(group.modificationDate),
  creator_id: group.creatorId,
  modifier_id: group.modifierId,
  is_system: group.isSystem,
});

/** A `content_type` row (without groups and field definitions). */
export const contentTypeRow = (type: StoredContentType): DbRow => ({
  id: type.id,
  status: contentTypeStatusCode(type.status),
  identifier: type.identifier,
  remote_id: type.remoteId,
  names: jsonParam(type.names),
  descriptions: jsonParam(type.descriptions),
  created: toSeconds(type.creationDate),
  modified: toSeconds(type.modificationDate),
  creator_id: type.creatorId,
  modifier_id: type.modifierId,
  url_alias_schema: type.urlAliasSchema,
  name_schema: type.nameSchema,
  is_container: type.isContainer,
  main_language_code: type.mainLanguageCode,
  default_always_available: type.defaultAlwaysAvailable,
  default_sort_field: sortFieldCode(type.defaultSortField),
  default_sort_order: sortOrderCode(type.defaultSortOrder),
});

/** A `field_definition` row of `type` (same status as the type). */
export const fieldDefinitionRow = (definition: StoredFieldDefinition, type: Pick<StoredContentType, 'id' | 'status'>): DbRow => ({
  id: definition.id,
  status: contentTypeStatusCode(type.status),
  content_type_id: type.id,
  identifier: definition.identifier,
  field_type_identifier: definition.fieldTypeIdentifier,
  field_group: definition.fieldGroup,
  position: definition.position,
  is_translatable: definition.isTranslatable,
  is_required: definition.isRequired,
  is_info_collector: definition.isInfoCollector,
  is_searchable: definition.isSearchable,
  is_thumbnail: definition.isThumbnail,
  names: jsonParam(definition.names),
  descriptions: jsonParam(definition.descriptions),
  default_value: jsonParam(definition.defaultValue),
  field_settings: jsonParam(definition.fieldSettings),
  validator_configuration: jsonParam(definition.validatorConfiguration),
});

/** A `content` row without its id (the database assigns one). */
export const newContentRow = (info: Omit<ContentInfo, 'id'>): DbRow => ({
  content_type_id: info.contentTypeId,
  section_id: info.sectionId,
  owner_id: info.ownerId,
  current_version_no: info.currentVersionNo,
  name: info.name,
  sort_name: sortNameOf(info.name),
  modified: toSeconds(info.modificationDate),
  published: toSecondsOrNull(info.publishedDate),
  always_available: info.alwaysAvailable,
  remote_id: info.remoteId,
  main_language_code: info.mainLanguageCode,
  main_location_id: info.mainLocationId,
  status: contentStatusCode(info.status),
  is_hidden: info.isHidden,
});

/** A `content` row with its id. */
export const contentRow = (info: ContentInfo): DbRow => ({ id: info.id, ...newContentRow(info) });

/** A `content_version` row; without `id` in `version` the database assigns one. */
export const versionRow = (version: Omit<VersionInfo, 'id' | 'names'> & { readonly id?: number }): DbRow => ({
  ...(version.id === undefined ? {} : { id: version.id }),
  content_id: version.contentId,
  version_no: version.versionNo,
  status: versionStatusCode(version.status),
  creator_id: version.creatorId,
  created: toSeconds(version.creationDate),
  modified: toSeconds(version.modificationDate),
  initial_language_code: version.initialLanguageCode,
  language_codes: jsonParam(version.languageCodes),
});

/** The `content_name` rows of one version. */
export const nameRows = (contentId: number, versionNo: number, names: TranslatedStrings): DbRow[] =>
  Object.entries(names).map(([languageCode, name]) => ({
    content_id: contentId,
    version_no: versionNo,
    language_code: languageCode,
    name,
  }));

/** A `content_field` row of a field whose id is known. */
export const fieldRow = (contentId: number, versionNo: number, field: NewField & { readonly id: number }): DbRow => ({
  id: field.id,
  version_no: versionNo,
  content_id: contentId,
  field_definition_id: field.fieldDefinitionId,
  field_def_identifier: field.fieldDefIdentifier,
  field_type_identifier: field.fieldTypeIdentifier,
  language_code: field.languageCode,
  data: jsonParam(field.data),
});

/** A `content_relation` row without id (the database assigns one). */
export const newRelationRow = (contentId: number, versionNo: number, relation: NewRelation): DbRow => ({
  source_content_id: contentId,
  source_version_no: versionNo,
  destination_content_id: relation.destinationContentId,
  type: relationTypeCode(relation.type),
  source_field_definition_identifier: relation.sourceFieldDefinitionIdentifier,
});

/** A `content_relation` row with its id. */
export const relationRow = (relation: Relation): DbRow => ({
  id: relation.id,
  ...newRelationRow(relation.sourceContentId, relation.sourceVersionNo, relation),
});

/** A `pending_location` row. */
export const pendingLocationRow = (contentId: number, pending: PendingLocation): DbRow => ({
  content_id: contentId,
  parent_location_id: pending.parentLocationId,
  priority: pending.priority,
  hidden: pending.hidden,
  remote_id: pending.remoteId,
  sort_field: sortFieldCode(pending.sortField),
  sort_order: sortOrderCode(pending.sortOrder),
});

/** A `location` row with its id. */
export const locationRow = (location: LocationRecord): DbRow => ({
  id: location.id,
  parent_id: location.parentLocationId,
  content_id: location.contentId,
  path_string: location.pathString,
  depth: location.depth,
  priority: location.priority,
  hidden: location.hidden,
  invisible: location.invisible,
  remote_id: location.remoteId,
  sort_field: sortFieldCode(location.sortField),
  sort_order: sortOrderCode(location.sortOrder),
});

/** A `user_account` row. */
export const userAccountRow = (account: UserAccount): DbRow => ({
  content_id: account.contentId,
  login: account.login,
  email: account.email,
  password_hash: account.passwordHash,
  enabled: account.enabled,
  max_login: account.maxLogin,
  password_updated_at: toSecondsOrNull(account.passwordUpdatedAt),
});

/** A `policy` row. */
export const policyRow = (policy: Policy): DbRow => ({
  id: policy.id,
  role_id: policy.roleId,
  module: policy.module,
  function: policy.function,
  limitations: jsonParam(policy.limitations),
});

/** A `role_assignment` row. */
export const roleAssignmentRow = (assignment: RoleAssignment): DbRow => ({
  id: assignment.id,
  role_id: assignment.roleId,
  subject_kind: assignment.subjectKind,
  subject_id: assignment.subjectId,
  limitation: jsonParam(assignment.limitation),
});

/** An `object_state_group` row. */
export const objectStateGroupRow = (group: ObjectStateGroup): DbRow => ({
  id: group.id,
  identifier: group.identifier,
  default_language_code: group.defaultLanguageCode,
  language_codes: jsonParam(group.languageCodes),
  names: jsonParam(group.names),
  descriptions: jsonParam(group.descriptions),
});

/** An `object_state` row. */
export const objectStateRow = (state: ObjectState): DbRow => ({
  id: state.id,
  group_id: state.groupId,
  identifier: state.identifier,
  priority: state.priority,
  default_language_code: state.defaultLanguageCode,
  language_codes: jsonParam(state.languageCodes),
  names: jsonParam(state.names),
  descriptions: jsonParam(state.descriptions),
});
