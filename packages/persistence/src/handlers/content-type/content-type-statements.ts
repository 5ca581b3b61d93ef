/**
 * Precompiled statements of the content type handler (rest.md §3.3 writes, issue #5) on `content_type`,
 * `field_definition` and `content_type_group_link`, keyed by (id, status) like Ibexa Legacy's `ezcontentclass`
 * (id, version): a draft and the published type share an id.
 */
import { contentTypeStatusCode } from '../../db/codes.js';
import { sql } from '../../db/statement.js';

/** Status codes of `content_type`, `field_definition` and `content_type_group_link` (Ibexa `ContentType::STATUS_*`). */
export const DEFINED = contentTypeStatusCode('DEFINED');
export const DRAFT = contentTypeStatusCode('DRAFT');

/** Columns of a `content_type` row besides its key (id, status). */
export const TYPE_COLUMNS = [
  'identifier', 'remote_id', 'names', 'descriptions', 'created', 'modified', 'creator_id', 'modifier_id', 'url_alias_schema',
  'name_schema', 'is_container', 'main_language_code', 'default_always_available', 'default_sort_field', 'default_sort_order',
] as const;

/** Columns of a `field_definition` row besides its key (id, status) and type. */
export const DEFINITION_COLUMNS = [
  'identifier', 'field_type_identifier', 'field_group', 'position', 'is_translatable', 'is_required', 'is_info_collector',
  'is_searchable', 'is_thumbnail', 'names', 'descriptions', 'default_value', 'field_settings', 'validator_configuration',
] as const;

const typeColumns = TYPE_COLUMNS.join(', ');
const definitionColumns = DEFINITION_COLUMNS.join(', ');

/** A `content_type` row in one status. */
export const TYPE_BY_ID_AND_STATUS = sql<[id: number, status: number]>('SELECT * FROM content_type WHERE id = ? AND status = ?');
/** Group ids of a type in one status, ascending. */
export const LINKS_BY_STATUS = sql<[contentTypeId: number, status: number]>(
  'SELECT group_id FROM content_type_group_link WHERE content_type_id = ? AND content_type_status = ? ORDER BY group_id',
);
/** Field definitions of a type in one status, by position then id. */
export const DEFINITIONS_BY_STATUS = sql<[contentTypeId: number, status: number]>(
  'SELECT * FROM field_definition WHERE content_type_id = ? AND status = ? ORDER BY position, id',
);
/** Ids of the types (any status) with an identifier. */
export const TYPE_IDS_BY_IDENTIFIER = sql<[identifier: string]>('SELECT DISTINCT id FROM content_type WHERE identifier = ? ORDER BY id');
/** Ids of the types (any status) with a remoteId. */
export const TYPE_IDS_BY_REMOTE_ID = sql<[remoteId: string]>('SELECT DISTINCT id FROM content_type WHERE remote_id = ? ORDER BY id');
/** How many types (any status) are linked to a group. */
export const COUNT_TYPES_IN_GROUP = sql<[groupId: number]>(
  'SELECT COUNT(DISTINCT content_type_id) AS n FROM content_type_group_link WHERE group_id = ?',
);
/** How many content items (any status) are of a type. */
export const COUNT_CONTENT_OF_TYPE = sql<[contentTypeId: number]>('SELECT COUNT(*) AS n FROM content WHERE content_type_id = ?');
/** Deletes a group row. */
export const DELETE_GROUP = sql<[groupId: number]>('DELETE FROM content_type_group WHERE id = ?');

/** Copies the DEFINED type row, definitions and links into a DRAFT (same ids), with the new modification. */
export const COPY_TYPE_TO_DRAFT = sql<[modified: number, modifierId: number, id: number]>(
  `INSERT INTO content_type (id, status, ${typeColumns}) SELECT id, ${DRAFT}, ` +
    `${TYPE_COLUMNS.map((column) => (column === 'modified' || column === 'modifier_id' ? '?' : column)).join(', ')} ` +
    `FROM content_type WHERE id = ? AND status = ${DEFINED}`,
);
/** Copies the field definitions of a type from one status to another (same ids). */
export const COPY_DEFINITIONS = sql<[toStatus: number, contentTypeId: number, fromStatus: number]>(
  `INSERT INTO field_definition (id, status, content_type_id, ${definitionColumns}) ` +
    `SELECT id, ?, content_type_id, ${definitionColumns} FROM field_definition WHERE content_type_id = ? AND status = ?`,
);
/** Copies the group links of a type from one status to another. */
export const COPY_LINKS = sql<[toStatus: number, contentTypeId: number, fromStatus: number]>(
  'INSERT INTO content_type_group_link (content_type_id, content_type_status, group_id) ' +
    'SELECT content_type_id, ?, group_id FROM content_type_group_link WHERE content_type_id = ? AND content_type_status = ?',
);
/** Copies a type row from one status to another. */
export const COPY_TYPE_ROW = sql<[toStatus: number, id: number, fromStatus: number]>(
  `INSERT INTO content_type (id, status, ${typeColumns}) SELECT id, ?, ${typeColumns} FROM content_type WHERE id = ? AND status = ?`,
);
/** Overwrites the DEFINED row's columns with the DRAFT's. */
export const TYPE_ROW_FROM_DRAFT = sql<[draftId: number, id: number]>(
  `UPDATE content_type SET ${TYPE_COLUMNS.map((column) => `${column} = d.${column}`).join(', ')} ` +
    `FROM (SELECT * FROM content_type WHERE id = ? AND status = ${DRAFT}) AS d WHERE content_type.id = ? AND content_type.status = ${DEFINED}`,
);
/** Moves the field definitions of a type from one status to another. */
export const SET_DEFINITIONS_STATUS = sql<[toStatus: number, contentTypeId: number, fromStatus: number]>(
  'UPDATE field_definition SET status = ? WHERE content_type_id = ? AND status = ?',
);
/** Moves the group links of a type from one status to another. */
export const SET_LINKS_STATUS = sql<[toStatus: number, contentTypeId: number, fromStatus: number]>(
  'UPDATE content_type_group_link SET content_type_status = ? WHERE content_type_id = ? AND content_type_status = ?',
);
/** Deletes the field definitions of a type in one status. */
export const DELETE_DEFINITIONS = sql<[contentTypeId: number, status: number]>('DELETE FROM field_definition WHERE content_type_id = ? AND status = ?');
/** Deletes the group links of a type in one status. */
export const DELETE_LINKS = sql<[contentTypeId: number, status: number]>(
  'DELETE FROM content_type_group_link WHERE content_type_id = ? AND content_type_status = ?',
);
/** Deletes a type row in one status. */
export const DELETE_TYPE_ROW = sql<[id: number, status: number]>('DELETE FROM content_type WHERE id = ? AND status = ?');
/** Deletes one field definition in one status. */
export const DELETE_DEFINITION = sql<[id: number, status: number]>('DELETE FROM field_definition WHERE id = ? AND status = ?');
/** Replaces the columns ({@link TYPE_COLUMNS}, then id and status) of a type row. */
export const UPDATE_TYPE_ROW = sql(
  `UPDATE content_type SET ${TYPE_COLUMNS.map((column) => `${column} = ?`).join(', ')} WHERE id = ? AND status = ?`,
);
/** Replaces the columns ({@link DEFINITION_COLUMNS}, then id and status) of a field definition row. */
export const UPDATE_DEFINITION_ROW = sql(
  `UPDATE field_definition SET ${DEFINITION_COLUMNS.map((column) => `${column} = ?`).join(', ')} WHERE id = ? AND status = ?`,
);
/** Links a type in one status to a group. */
export const INSERT_LINK = sql<[contentTypeId: number, status: number, groupId: number]>(
  'INSERT INTO content_type_group_link (content_type_id, content_type_status, group_id) VALUES (?, ?, ?)',
);
/** Unlinks a type in one status from a group. */
export const DELETE_LINK = sql<[contentTypeId: number, status: number, groupId: number]>(
  'DELETE FROM content_type_group_link WHERE content_type_id = ? AND content_type_status = ? AND group_id = ?',
);
