import type { ContentTypeGroup, StoredContentType, StoredFieldDefinition } from '@contentrepo/core';
import { contentTypeStatusOf, sortFieldOf, sortOrderOf } from '../db/codes.js';
import { decodeHash, decodeHashRecord, decodeTranslatedStrings } from '../db/json-decoders.js';
import type { Row } from '../db/row.js';
import { TABLES } from '../schema/index.js';

const { contentTypeGroup, fieldDefinition, contentType } = TABLES;

/** A ContentTypeGroup from a `content_type_group` row. */
export function toContentTypeGroup(row: Row): ContentTypeGroup {
  return {
    id: row.int(contentTypeGroup.id),
    identifier: row.str(contentTypeGroup.identifier),
    creationDate: row.date(contentTypeGroup.created),
    modificationDate: row.date(contentTypeGroup.modified),
    creatorId: row.int(contentTypeGroup.creatorId),
    modifierId: row.int(contentTypeGroup.modifierId),
    isSystem: row.bool(contentTypeGroup.isSystem),
  };
}

/** A field definition (default value in storage form) from a `field_definition` row. */
export function toFieldDefinition(row: Row): StoredFieldDefinition {
  return {
    id: row.int(fieldDefinition.id),
    identifier: row.str(fieldDefinition.identifier),
    fieldTypeIdentifier: row.str(fieldDefinition.fieldTypeIdentifier),
    fieldGroup: row.str(fieldDefinition.fieldGroup),
    position: row.int(fieldDefinition.position),
    isTranslatable: row.bool(fieldDefinition.isTranslatable),
    isRequired: row.bool(fieldDefinition.isRequired),
    isInfoCollector: row.bool(fieldDefinition.isInfoCollector),
    isSearchable: row.bool(fieldDefinition.isSearchable),
    isThumbnail: row.bool(fieldDefinition.isThumbnail),
    names: decodeTranslatedStrings(row.json(fieldDefinition.names), 'field definition names'),
    descriptions: decodeTranslatedStrings(row.json(fieldDefinition.descriptions), 'field definition descriptions'),
    defaultValue: decodeHash(row.json(fieldDefinition.defaultValue), 'field definition default value'),
    fieldSettings: decodeHashRecord(row.json(fieldDefinition.fieldSettings), 'field settings'),
    validatorConfiguration: decodeHashRecord(row.json(fieldDefinition.validatorConfiguration), 'validator configuration'),
  };
}

/** A content type from its `content_type` row, group ids and field definitions (already ordered). */
export function toContentType(
  row: Row,
  groupIds: readonly number[],
  fieldDefinitions: readonly StoredFieldDefinition[],
): StoredContentType {
  return {
    id: row.int(contentType.id),
    status: contentTypeStatusOf(row.int(contentType.status)),
    identifier: row.str(contentType.identifier),
    remoteId: row.str(contentType.remoteId),
    names: decodeTranslatedStrings(row.json(contentType.names), 'content type names'),
    descriptions: decodeTranslatedStrings(row.json(contentType.descriptions), 'content type descriptions'),
    creationDate: row.date(contentType.created),
    modificationDate: row.date(contentType.modified),
    creatorId: row.int(contentType.creatorId),
    modifierId: row.int(contentType.modifierId),
    urlAliasSchema: row.str(contentType.urlAliasSchema),
    nameSchema: row.str(contentType.nameSchema),
    isContainer: row.bool(contentType.isContainer),
    mainLanguageCode: row.str(contentType.mainLanguageCode),
    defaultAlwaysAvailable: row.bool(contentType.defaultAlwaysAvailable),
    defaultSortField: sortFieldOf(row.int(contentType.defaultSortField)),
    defaultSortOrder: sortOrderOf(row.int(contentType.defaultSortOrder)),
    groupIds,
    fieldDefinitions,
  };
}
