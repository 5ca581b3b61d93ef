import type { ContentTypeGroup, StoredContentType, StoredFieldDefinition } from '@contentrepo/core';
import { contentTypeStatusOf, sortFieldOf, sortOrderOf } from '../db/codes.js';
import { decodeHash, decodeHashRecord, decodeTranslatedStrings } from '../db/json-decoders.js';
import type { Row } from '../db/row.js';

/** A ContentTypeGroup from a `content_type_group` row. */
export function toContentTypeGroup(row: Row): ContentTypeGroup {
  return {
    id: row.int('id'),
    identifier: row.str('identifier'),
    creationDate: row.date('created'),
    modificationDate: row.date('modified'),
    creatorId: row.int('creator_id'),
    modifierId: row.int('modifier_id'),
    isSystem: row.bool('is_system'),
  };
}

/** A field definition (default value in storage form) from a `field_definition` row. */
export function toFieldDefinition(row: Row): StoredFieldDefinition {
  return {
    id: row.int('id'),
    identifier: row.str('identifier'),
    fieldTypeIdentifier: row.str('field_type_identifier'),
    fieldGroup: row.str('field_group'),
    position: row.int('position'),
    isTranslatable: row.bool('is_translatable'),
    isRequired: row.bool('is_required'),
    isInfoCollector: row.bool('is_info_collector'),
    isSearchable: row.bool('is_searchable'),
    isThumbnail: row.bool('is_thumbnail'),
    names: decodeTranslatedStrings(row.json('names'), 'field definition names'),
    descriptions: decodeTranslatedStrings(row.json('descriptions'), 'field definition descriptions'),
    defaultValue: decodeHash(row.json('default_value'), 'field definition default value'),
    fieldSettings: decodeHashRecord(row.json('field_settings'), 'field settings'),
    validatorConfiguration: decodeHashRecord(row.json('validator_configuration'), 'validator configuration'),
  };
}

/** A content type from its `content_type` row, group ids and field definitions (already ordered). */
export function toContentType(
  row: Row,
  groupIds: readonly number[],
  fieldDefinitions: readonly StoredFieldDefinition[],
): StoredContentType {
  return {
    id: row.int('id'),
    status: contentTypeStatusOf(row.int('status')),
    identifier: row.str('identifier'),
    remoteId: row.str('remote_id'),
    names: decodeTranslatedStrings(row.json('names'), 'content type names'),
    descriptions: decodeTranslatedStrings(row.json('descriptions'), 'content type descriptions'),
    creationDate: row.date('created'),
    modificationDate: row.date('modified'),
    creatorId: row.int('creator_id'),
    modifierId: row.int('modifier_id'),
    urlAliasSchema: row.str('url_alias_schema'),
    nameSchema: row.str('name_schema'),
    isContainer: row.bool('is_container'),
    mainLanguageCode: row.str('main_language_code'),
    defaultAlwaysAvailable: row.bool('default_always_available'),
    defaultSortField: sortFieldOf(row.int('default_sort_field')),
    defaultSortOrder: sortOrderOf(row.int('default_sort_order')),
    groupIds,
    fieldDefinitions,
  };
}
