import { contentStatusCode, relationTypeCode, versionStatusCode } from '../../db/codes.js';
import { sql, StatementsBySize } from '../../db/statement.js';
import { INFO_RETURNING } from './content-queries.js';

/** The statements of the version operations (`content-versions.ts`), precompiled. */

const DRAFT = versionStatusCode('DRAFT');
const PUBLISHED = versionStatusCode('PUBLISHED');
const ARCHIVED = versionStatusCode('ARCHIVED');

/**
 * A new DRAFT version max + 1 of an item, copying the languages of a source version (no row when the source
 * version does not exist). Returns its id, number and languages.
 */
export const INSERT_DRAFT_VERSION = sql<
  [contentId: number, creatorId: number, created: number, modified: number, initialLanguageCode: string, contentId: number, sourceVersionNo: number]
>(
  'INSERT INTO content_version (content_id, version_no, status, creator_id, created, modified, initial_language_code, language_codes) ' +
    `SELECT s.content_id, (SELECT MAX(m.version_no) FROM content_version m WHERE m.content_id = ?) + 1, ${DRAFT}, ?, ?, ?, ?, s.language_codes ` +
    'FROM content_version s WHERE s.content_id = ? AND s.version_no = ? ' +
    'RETURNING id, version_no, language_codes',
);

/** Copies the names of a version to a new version number; returns the copies. */
export const COPY_NAMES = sql<[versionNo: number, contentId: number, sourceVersionNo: number]>(
  'INSERT INTO content_name (content_id, version_no, language_code, name) ' +
    'SELECT content_id, ?, language_code, name FROM content_name WHERE content_id = ? AND version_no = ? ' +
    'RETURNING content_id, version_no, language_code, name',
);

/** Copies the fields of a version (same field ids) to a new version number. */
export const COPY_FIELDS = sql<[versionNo: number, contentId: number, sourceVersionNo: number]>(
  'INSERT INTO content_field (id, version_no, content_id, field_definition_id, field_def_identifier, ' +
    'field_type_identifier, language_code, data) ' +
    'SELECT id, ?, content_id, field_definition_id, field_def_identifier, field_type_identifier, language_code, data ' +
    'FROM content_field WHERE content_id = ? AND version_no = ?',
);

/** Copies the outgoing relations of a version to a new version number. */
export const COPY_RELATIONS = sql<[versionNo: number, contentId: number, sourceVersionNo: number]>(
  'INSERT INTO content_relation (source_content_id, source_version_no, destination_content_id, type, ' +
    'source_field_definition_identifier) ' +
    'SELECT source_content_id, ?, destination_content_id, type, source_field_definition_identifier ' +
    'FROM content_relation WHERE source_content_id = ? AND source_version_no = ?',
);

/** Sets a version's languages and modification date. */
export const UPDATE_DRAFT_VERSION = sql<
  [initialLanguageCode: string, languageCodes: string | null, modified: number, contentId: number, versionNo: number]
>('UPDATE content_version SET initial_language_code = ?, language_codes = ?, modified = ? WHERE content_id = ? AND version_no = ?');

/** Deletes the names of a version. */
export const DELETE_NAMES = sql<[contentId: number, versionNo: number]>(
  'DELETE FROM content_name WHERE content_id = ? AND version_no = ?',
);

/**
 * Deletes the fields of a version with the given `size` definition + language pairs (parameters: content id,
 * version number, then definition id and language code of each); returns the deleted rows' keys and ids.
 */
export const DELETE_FIELDS_BY_KEY = new StatementsBySize(
  (size) =>
    'DELETE FROM content_field WHERE content_id = ? AND version_no = ? AND (' +
    Array.from({ length: size }, () => '(field_definition_id = ? AND language_code = ?)').join(' OR ') +
    ') RETURNING id, field_definition_id, language_code',
);

/** Deletes the FIELD relations of a version. */
export const DELETE_FIELD_RELATIONS = sql<[contentId: number, versionNo: number]>(
  'DELETE FROM content_relation WHERE source_content_id = ? AND source_version_no = ? ' +
    `AND type = ${relationTypeCode('FIELD')}`,
);

/**
 * Publishes a version and archives the previously published one(s), in one statement; returns the numbers of
 * the changed versions (the published one is among them unless it does not exist).
 */
export const PUBLISH_VERSION = sql<[versionNo: number, versionNo: number, modified: number, contentId: number, versionNo: number]>(
  `UPDATE content_version SET status = CASE WHEN version_no = ? THEN ${PUBLISHED} ELSE ${ARCHIVED} END, ` +
    'modified = CASE WHEN version_no = ? THEN ? ELSE modified END ' +
    `WHERE content_id = ? AND (version_no = ? OR status = ${PUBLISHED}) RETURNING version_no`,
);

/** Makes an item PUBLISHED in a version; sets its publication date when it had none. Returns its ContentInfo. */
export const PUBLISH_CONTENT = sql<
  [currentVersionNo: number, name: string, sortName: string, modified: number, published: number, contentId: number]
>(
  `UPDATE content SET status = ${contentStatusCode('PUBLISHED')}, current_version_no = ?, name = ?, sort_name = ?, ` +
    `modified = ?, published = COALESCE(published, ?) WHERE id = ? RETURNING ${INFO_RETURNING}`,
);

/** Deletes the fields of a version. */
export const DELETE_VERSION_FIELDS = sql<[contentId: number, versionNo: number]>(
  'DELETE FROM content_field WHERE content_id = ? AND version_no = ?',
);

/** Deletes the outgoing relations of a version. */
export const DELETE_VERSION_RELATIONS = sql<[contentId: number, versionNo: number]>(
  'DELETE FROM content_relation WHERE source_content_id = ? AND source_version_no = ?',
);

/** Deletes a version row. */
export const DELETE_VERSION = sql<[contentId: number, versionNo: number]>(
  'DELETE FROM content_version WHERE content_id = ? AND version_no = ?',
);
