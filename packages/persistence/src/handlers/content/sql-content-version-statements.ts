import { contentStatusCode, relationTypeCode, versionStatusCode } from '../../db/codes.js';
import { sql, StatementsBySize } from '../../db/statement.js';
import { TABLES } from '../../schema/index.js';
import { INFO_RETURNING } from './sql-content-queries.js';

/** The statements of the version operations (`sql-content-versions.ts`), precompiled. */

const DRAFT = versionStatusCode('DRAFT');
const PUBLISHED = versionStatusCode('PUBLISHED');
const ARCHIVED = versionStatusCode('ARCHIVED');

const { content, contentVersion, contentName, contentField, contentRelation } = TABLES;
/** The source version (`s`) and the item's versions (`m`) of a new draft. */
const s = contentVersion.$as('s');
const m = contentVersion.$as('m');
const VERSION_KEYS = ['contentId', 'versionNo', 'status', 'creatorId', 'created', 'modified', 'initialLanguageCode', 'languageCodes'] as const;

/**
 * A new DRAFT version max + 1 of an item, copying the languages of a source version (no row when the source
 * version does not exist). Returns its id, number and languages.
 */
export const INSERT_DRAFT_VERSION = sql<
  [contentId: number, creatorId: number, created: number, modified: number, initialLanguageCode: string, contentId: number, sourceVersionNo: number]
>(
  `INSERT INTO ${contentVersion} (${contentVersion.$list(VERSION_KEYS)}) ` +
    `SELECT ${s.contentId}, (SELECT MAX(${m.versionNo}) FROM ${m} WHERE ${m.contentId} = ?) + 1, ${DRAFT}, ?, ?, ?, ?, ${s.languageCodes} ` +
    `FROM ${s} WHERE ${s.contentId} = ? AND ${s.versionNo} = ? ` +
    `RETURNING ${contentVersion.$list(['id', 'versionNo', 'languageCodes'])}`,
);

/** Copies the names of a version to a new version number; returns the copies. */
export const COPY_NAMES = sql<[versionNo: number, contentId: number, sourceVersionNo: number]>(
  `INSERT INTO ${contentName} (${contentName.$list(['contentId', 'versionNo', 'languageCode', 'name'])}) ` +
    `SELECT ${contentName.contentId}, ?, ${contentName.languageCode}, ${contentName.name} FROM ${contentName} ` +
    `WHERE ${contentName.contentId} = ? AND ${contentName.versionNo} = ? ` +
    `RETURNING ${contentName.$list(['contentId', 'versionNo', 'languageCode', 'name'])}`,
);

/** Copies the fields of a version (same field ids) to a new version number. */
export const COPY_FIELDS = sql<[versionNo: number, contentId: number, sourceVersionNo: number]>(
  `INSERT INTO ${contentField} (${contentField.$list(['id', 'versionNo', 'contentId', 'fieldDefinitionId', 'fieldDefIdentifier'])}, ` +
    `${contentField.$list(['fieldTypeIdentifier', 'languageCode', 'data'])}) ` +
    `SELECT ${contentField.id}, ?, ` +
    `${contentField.$list(['contentId', 'fieldDefinitionId', 'fieldDefIdentifier', 'fieldTypeIdentifier', 'languageCode', 'data'])} ` +
    `FROM ${contentField} WHERE ${contentField.contentId} = ? AND ${contentField.versionNo} = ?`,
);

/** Copies the outgoing relations of a version to a new version number. */
export const COPY_RELATIONS = sql<[versionNo: number, contentId: number, sourceVersionNo: number]>(
  `INSERT INTO ${contentRelation} (${contentRelation.$list(['sourceContentId', 'sourceVersionNo', 'destinationContentId', 'type'])}, ` +
    `${contentRelation.sourceFieldDefinitionIdentifier}) ` +
    `SELECT ${contentRelation.sourceContentId}, ?, ${contentRelation.$list(['destinationContentId', 'type', 'sourceFieldDefinitionIdentifier'])} ` +
    `FROM ${contentRelation} WHERE ${contentRelation.sourceContentId} = ? AND ${contentRelation.sourceVersionNo} = ?`,
);

/** Sets a version's languages and modification date. */
export const UPDATE_DRAFT_VERSION = sql<
  [initialLanguageCode: string, languageCodes: string | null, modified: number, contentId: number, versionNo: number]
>(
  `UPDATE ${contentVersion} SET ${contentVersion.initialLanguageCode} = ?, ${contentVersion.languageCodes} = ?, ${contentVersion.modified} = ? ` +
    `WHERE ${contentVersion.contentId} = ? AND ${contentVersion.versionNo} = ?`,
);

/** Deletes the names of a version. */
export const DELETE_NAMES = sql<[contentId: number, versionNo: number]>(
  `DELETE FROM ${contentName} WHERE ${contentName.contentId} = ? AND ${contentName.versionNo} = ?`,
);

/**
 * Deletes the fields of a version with the given `size` definition + language pairs (parameters: content id,
 * version number, then definition id and language code of each); returns the deleted rows' keys and ids.
 */
export const DELETE_FIELDS_BY_KEY = new StatementsBySize(
  (size) =>
    `DELETE FROM ${contentField} WHERE ${contentField.contentId} = ? AND ${contentField.versionNo} = ? AND (` +
    Array.from({ length: size }, () => `(${contentField.fieldDefinitionId} = ? AND ${contentField.languageCode} = ?)`).join(' OR ') +
    `) RETURNING ${contentField.$list(['id', 'fieldDefinitionId', 'languageCode'])}`,
);

/** Deletes the relations a version's field values imply (every type but COMMON: FIELD, ASSET, LINK, EMBED). */
export const DELETE_FIELD_RELATIONS = sql<[contentId: number, versionNo: number]>(
  `DELETE FROM ${contentRelation} WHERE ${contentRelation.sourceContentId} = ? AND ${contentRelation.sourceVersionNo} = ? ` +
    `AND ${contentRelation.type} <> ${relationTypeCode('COMMON')}`,
);

/**
 * Publishes a version and archives the previously published one(s), in one statement; returns the numbers of
 * the changed versions (the published one is among them unless it does not exist).
 */
export const PUBLISH_VERSION = sql<[versionNo: number, versionNo: number, modified: number, contentId: number, versionNo: number]>(
  `UPDATE ${contentVersion} SET ${contentVersion.status} = CASE WHEN ${contentVersion.versionNo} = ? THEN ${PUBLISHED} ELSE ${ARCHIVED} END, ` +
    `${contentVersion.modified} = CASE WHEN ${contentVersion.versionNo} = ? THEN ? ELSE ${contentVersion.modified} END ` +
    `WHERE ${contentVersion.contentId} = ? AND (${contentVersion.versionNo} = ? OR ${contentVersion.status} = ${PUBLISHED}) ` +
    `RETURNING ${contentVersion.versionNo}`,
);

/** Makes an item PUBLISHED in a version; sets its publication date when it had none. Returns its ContentInfo. */
export const PUBLISH_CONTENT = sql<
  [currentVersionNo: number, name: string, sortName: string, modified: number, published: number, contentId: number]
>(
  `UPDATE ${content} SET ${content.status} = ${contentStatusCode('PUBLISHED')}, ${content.currentVersionNo} = ?, ${content.name} = ?, ` +
    `${content.sortName} = ?, ` +
    `${content.modified} = ?, ${content.published} = COALESCE(${content.published}, ?) WHERE ${content.id} = ? RETURNING ${INFO_RETURNING}`,
);

/** Deletes the fields of a version. */
export const DELETE_VERSION_FIELDS = sql<[contentId: number, versionNo: number]>(
  `DELETE FROM ${contentField} WHERE ${contentField.contentId} = ? AND ${contentField.versionNo} = ?`,
);

/** Deletes the outgoing relations of a version. */
export const DELETE_VERSION_RELATIONS = sql<[contentId: number, versionNo: number]>(
  `DELETE FROM ${contentRelation} WHERE ${contentRelation.sourceContentId} = ? AND ${contentRelation.sourceVersionNo} = ?`,
);

/** Deletes a version row. */
export const DELETE_VERSION = sql<[contentId: number, versionNo: number]>(
  `DELETE FROM ${contentVersion} WHERE ${contentVersion.contentId} = ? AND ${contentVersion.versionNo} = ?`,
);
