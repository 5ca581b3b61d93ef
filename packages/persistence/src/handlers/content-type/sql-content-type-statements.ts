/**
 * Precompiled statements of the content type handler (the writes behind the REST content type routes) on
 * `content_type`, `field_definition` and `content_type_group_link`, keyed by (id, status) like Ibexa Legacy's
 * `ezcontentclass` (id, version): a draft and the published type share an id.
 */
import { contentTypeStatusCode } from '../../db/codes.js';
import { sql } from '../../db/statement.js';
import { TABLES } from '../../schema/index.js';

const { content, contentType, contentTypeGroup, contentTypeGroupLink, fieldDefinition } = TABLES;
/** The draft row copied over the published one (`d`), and the published row being updated. */
const d = contentType.$as('d');
const published = contentType.$qualified();

/** Status codes of `content_type`, `field_definition` and `content_type_group_link` (Ibexa `ContentType::STATUS_*`). */
export const DEFINED = contentTypeStatusCode('DEFINED');
export const DRAFT = contentTypeStatusCode('DRAFT');

/** Column keys of a `content_type` row besides its key (id, status). */
export const TYPE_KEYS = [
  'identifier', 'remoteId', 'names', 'descriptions', 'created', 'modified', 'creatorId', 'modifierId', 'urlAliasSchema',
  'nameSchema', 'isContainer', 'mainLanguageCode', 'defaultAlwaysAvailable', 'defaultSortField', 'defaultSortOrder',
] as const satisfies typeof contentType.$keys;

/** Column keys of a `field_definition` row besides its key (id, status) and type. */
export const DEFINITION_KEYS = [
  'identifier', 'fieldTypeIdentifier', 'fieldGroup', 'position', 'isTranslatable', 'isRequired', 'isInfoCollector',
  'isSearchable', 'isThumbnail', 'names', 'descriptions', 'defaultValue', 'fieldSettings', 'validatorConfiguration',
] as const satisfies typeof fieldDefinition.$keys;

const typeColumns = contentType.$list(TYPE_KEYS);
const definitionColumns = fieldDefinition.$list(DEFINITION_KEYS);

/** A `content_type` row in one status. */
export const TYPE_BY_ID_AND_STATUS = sql<[id: number, status: number]>(
  `SELECT * FROM ${contentType} WHERE ${contentType.id} = ? AND ${contentType.status} = ?`,
);
/** Group ids of a type in one status, ascending. */
export const LINKS_BY_STATUS = sql<[contentTypeId: number, status: number]>(
  `SELECT ${contentTypeGroupLink.groupId} FROM ${contentTypeGroupLink} ` +
    `WHERE ${contentTypeGroupLink.contentTypeId} = ? AND ${contentTypeGroupLink.contentTypeStatus} = ? ORDER BY ${contentTypeGroupLink.groupId}`,
);
/** Field definitions of a type in one status, by position then id. */
export const DEFINITIONS_BY_STATUS = sql<[contentTypeId: number, status: number]>(
  `SELECT * FROM ${fieldDefinition} ` +
    `WHERE ${fieldDefinition.contentTypeId} = ? AND ${fieldDefinition.status} = ? ORDER BY ${fieldDefinition.position}, ${fieldDefinition.id}`,
);
/** Ids of the types (any status) with an identifier. */
export const TYPE_IDS_BY_IDENTIFIER = sql<[identifier: string]>(
  `SELECT DISTINCT ${contentType.id} FROM ${contentType} WHERE ${contentType.identifier} = ? ORDER BY ${contentType.id}`,
);
/** Ids of the types (any status) with a remoteId. */
export const TYPE_IDS_BY_REMOTE_ID = sql<[remoteId: string]>(
  `SELECT DISTINCT ${contentType.id} FROM ${contentType} WHERE ${contentType.remoteId} = ? ORDER BY ${contentType.id}`,
);
/** How many types (any status) are linked to a group. */
export const COUNT_TYPES_IN_GROUP = sql<[groupId: number]>(
  `SELECT COUNT(DISTINCT ${contentTypeGroupLink.contentTypeId}) AS n FROM ${contentTypeGroupLink} WHERE ${contentTypeGroupLink.groupId} = ?`,
);
/** How many content items (any status) are of a type. */
export const COUNT_CONTENT_OF_TYPE = sql<[contentTypeId: number]>(`SELECT COUNT(*) AS n FROM ${content} WHERE ${content.contentTypeId} = ?`);
/** Deletes a group row. */
export const DELETE_GROUP = sql<[groupId: number]>(`DELETE FROM ${contentTypeGroup} WHERE ${contentTypeGroup.id} = ?`);

/** Copies the DEFINED type row, definitions and links into a DRAFT (same ids), with the new modification. */
export const COPY_TYPE_TO_DRAFT = sql<[modified: number, modifierId: number, id: number]>(
  `INSERT INTO ${contentType} (${contentType.id}, ${contentType.status}, ${typeColumns}) SELECT ${contentType.id}, ${DRAFT}, ` +
    `${TYPE_KEYS.map((key) => (key === 'modified' || key === 'modifierId' ? '?' : contentType[key])).join(', ')} ` +
    `FROM ${contentType} WHERE ${contentType.id} = ? AND ${contentType.status} = ${DEFINED}`,
);
/** Copies the field definitions of a type from one status to another (same ids). */
export const COPY_DEFINITIONS = sql<[toStatus: number, contentTypeId: number, fromStatus: number]>(
  `INSERT INTO ${fieldDefinition} (${fieldDefinition.$list(['id', 'status', 'contentTypeId'])}, ${definitionColumns}) ` +
    `SELECT ${fieldDefinition.id}, ?, ${fieldDefinition.contentTypeId}, ${definitionColumns} FROM ${fieldDefinition} ` +
    `WHERE ${fieldDefinition.contentTypeId} = ? AND ${fieldDefinition.status} = ?`,
);
/** Copies the group links of a type from one status to another. */
export const COPY_LINKS = sql<[toStatus: number, contentTypeId: number, fromStatus: number]>(
  `INSERT INTO ${contentTypeGroupLink} (${contentTypeGroupLink.$list(['contentTypeId', 'contentTypeStatus', 'groupId'])}) ` +
    `SELECT ${contentTypeGroupLink.contentTypeId}, ?, ${contentTypeGroupLink.groupId} FROM ${contentTypeGroupLink} ` +
    `WHERE ${contentTypeGroupLink.contentTypeId} = ? AND ${contentTypeGroupLink.contentTypeStatus} = ?`,
);
/** Copies a type row from one status to another. */
export const COPY_TYPE_ROW = sql<[toStatus: number, id: number, fromStatus: number]>(
  `INSERT INTO ${contentType} (${contentType.id}, ${contentType.status}, ${typeColumns}) SELECT ${contentType.id}, ?, ${typeColumns} ` +
    `FROM ${contentType} WHERE ${contentType.id} = ? AND ${contentType.status} = ?`,
);
/** Overwrites the DEFINED row's columns with the DRAFT's. */
export const TYPE_ROW_FROM_DRAFT = sql<[draftId: number, id: number]>(
  `UPDATE ${contentType} SET ${TYPE_KEYS.map((key) => `${contentType[key]} = ${d[key]}`).join(', ')} ` +
    `FROM (SELECT * FROM ${contentType} WHERE ${contentType.id} = ? AND ${contentType.status} = ${DRAFT}) AS d ` +
    `WHERE ${published.id} = ? AND ${published.status} = ${DEFINED}`,
);
/** Moves the field definitions of a type from one status to another. */
export const SET_DEFINITIONS_STATUS = sql<[toStatus: number, contentTypeId: number, fromStatus: number]>(
  `UPDATE ${fieldDefinition} SET ${fieldDefinition.status} = ? WHERE ${fieldDefinition.contentTypeId} = ? AND ${fieldDefinition.status} = ?`,
);
/** Moves the group links of a type from one status to another. */
export const SET_LINKS_STATUS = sql<[toStatus: number, contentTypeId: number, fromStatus: number]>(
  `UPDATE ${contentTypeGroupLink} SET ${contentTypeGroupLink.contentTypeStatus} = ? ` +
    `WHERE ${contentTypeGroupLink.contentTypeId} = ? AND ${contentTypeGroupLink.contentTypeStatus} = ?`,
);
/** Deletes the field definitions of a type in one status. */
export const DELETE_DEFINITIONS = sql<[contentTypeId: number, status: number]>(
  `DELETE FROM ${fieldDefinition} WHERE ${fieldDefinition.contentTypeId} = ? AND ${fieldDefinition.status} = ?`,
);
/** Deletes the group links of a type in one status. */
export const DELETE_LINKS = sql<[contentTypeId: number, status: number]>(
  `DELETE FROM ${contentTypeGroupLink} WHERE ${contentTypeGroupLink.contentTypeId} = ? AND ${contentTypeGroupLink.contentTypeStatus} = ?`,
);
/** Deletes a type row in one status. */
export const DELETE_TYPE_ROW = sql<[id: number, status: number]>(
  `DELETE FROM ${contentType} WHERE ${contentType.id} = ? AND ${contentType.status} = ?`,
);
/** Deletes one field definition in one status. */
export const DELETE_DEFINITION = sql<[id: number, status: number]>(
  `DELETE FROM ${fieldDefinition} WHERE ${fieldDefinition.id} = ? AND ${fieldDefinition.status} = ?`,
);
/** Replaces the columns ({@link TYPE_KEYS}, then id and status) of a type row. */
export const UPDATE_TYPE_ROW = sql(
  `UPDATE ${contentType} SET ${contentType.$set(TYPE_KEYS)} WHERE ${contentType.id} = ? AND ${contentType.status} = ?`,
);
/** Replaces the columns ({@link DEFINITION_KEYS}, then id and status) of a field definition row. */
export const UPDATE_DEFINITION_ROW = sql(
  `UPDATE ${fieldDefinition} SET ${fieldDefinition.$set(DEFINITION_KEYS)} ` +
    `WHERE ${fieldDefinition.id} = ? AND ${fieldDefinition.status} = ?`,
);
/** Links a type in one status to a group. */
export const INSERT_LINK = sql<[contentTypeId: number, status: number, groupId: number]>(
  `INSERT INTO ${contentTypeGroupLink} (${contentTypeGroupLink.$list(['contentTypeId', 'contentTypeStatus', 'groupId'])}) VALUES (?, ?, ?)`,
);
/** Unlinks a type in one status from a group. */
export const DELETE_LINK = sql<[contentTypeId: number, status: number, groupId: number]>(
  `DELETE FROM ${contentTypeGroupLink} ` +
    `WHERE ${contentTypeGroupLink.contentTypeId} = ? AND ${contentTypeGroupLink.contentTypeStatus} = ? AND ${contentTypeGroupLink.groupId} = ?`,
);
