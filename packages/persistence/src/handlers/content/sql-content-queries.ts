import type { Knex } from '@mikro-orm/knex';
import { binaryOrder } from '../../db/collation.js';
import { contentStatusCode, contentTypeStatusCode } from '../../db/codes.js';
import type { Dialect } from '../../db/dialect.js';
import { remoteIdKeyOf } from '../../db/remote-id-sql.js';
import { placeholders, sql, StatementsBySize } from '../../db/statement.js';
import { CONTENT_INFO_COLUMNS, contentInfoSelect } from '../../mappers/content-info-rows.js';
import { VERSION_KEYS, versionSelect } from '../../mappers/version-info-rows.js';
import { TABLES } from '../../schema/index.js';

/**
 * The content handler's read statements, precompiled (`db/statement.ts`). Batch reads are compiled once per
 * number of items; only field reads restricted to languages are knex builders.
 */

const { content, contentVersion, contentName, contentField, contentRelation, pendingLocation, fieldDefinition } = TABLES;
const c = content.$as('c');
const v = contentVersion.$as('v');
const n = contentName.$as('n');
const f = contentField.$as('f');
const d = fieldDefinition.$as('d');

/** Prefix of the version columns in content ⋈ version rows. */
export const VERSION_PREFIX = 'v_';

const DEFINED = contentTypeStatusCode('DEFINED');

/** The ContentInfo columns of `content c`. */
const INFO = contentInfoSelect(c).join(', ');
/** The ContentInfo columns of a `content` row being written (RETURNING). */
export const INFO_RETURNING = CONTENT_INFO_COLUMNS.join(', ');
/**
 * The version's names as a JSON object `{language: name}` in one column of the head row (one statement fewer on
 * every content read than querying `content_name` apart).
 */
const namesOfVersion = `FROM ${n} WHERE ${n.contentId} = ${v.contentId} AND ${n.versionNo} = ${v.versionNo}) AS ${VERSION_PREFIX}names`;
const NAMES_JSON = {
  sqlite: `(SELECT json_group_object(${n.languageCode}, ${n.name}) ${namesOfVersion}`,
  postgresql: `(SELECT COALESCE(json_object_agg(${n.languageCode}, ${n.name}), '{}'::json) ${namesOfVersion}`,
} as const;
const headColumns = (dialect: Dialect): string => `${INFO}, ${versionSelect(v, VERSION_PREFIX).join(', ')}, ${NAMES_JSON[dialect]}`;
const currentHeads = (dialect: Dialect): string =>
  `SELECT ${headColumns(dialect)} FROM ${c} JOIN ${v} ON ${v.contentId} = ${c.id} AND ${v.versionNo} = ${c.currentVersionNo}`;
/** The VersionInfo columns of a `content_version` row (without the names). */
const VERSION = contentVersion.$list(VERSION_KEYS);

/** ContentInfo by id. */
export const CONTENT_INFO_BY_ID = sql<[contentId: number]>(`SELECT ${INFO} FROM ${c} WHERE ${c.id} = ?`);

/** ContentInfo by remoteId: bind core's `remoteIdKey` of it (case-insensitive, through the unique index). */
export const CONTENT_INFO_BY_REMOTE_ID = sql<[remoteIdKey: string]>(`SELECT ${INFO} FROM ${c} WHERE ${remoteIdKeyOf(c.remoteId)} = ?`);

/** ContentInfos of `size` ids. */
export const CONTENT_INFO_BY_IDS = new StatementsBySize(
  (size) => `SELECT ${INFO} FROM ${c} WHERE ${c.id} IN (${placeholders(size)})`,
);

const versionHead = (dialect: Dialect): string =>
  `SELECT ${headColumns(dialect)} FROM ${c} JOIN ${v} ON ${v.contentId} = ${c.id} WHERE ${c.id} = ? AND ${v.versionNo} = ?`;

/** Content ⋈ one version, with the version's names. */
export const HEAD_OF_VERSION = sql<[contentId: number, versionNo: number]>({
  sqlite: versionHead('sqlite'),
  postgresql: versionHead('postgresql'),
});

/** Content ⋈ its current version, with the version's names. */
export const HEAD_OF_CURRENT = sql<[contentId: number]>({
  sqlite: `${currentHeads('sqlite')} WHERE ${c.id} = ?`,
  postgresql: `${currentHeads('postgresql')} WHERE ${c.id} = ?`,
});

/** Content ⋈ current version of `size` items, with their names. */
export const HEADS_OF_CURRENT = new StatementsBySize((size) => ({
  sqlite: `${currentHeads('sqlite')} WHERE ${c.id} IN (${placeholders(size)})`,
  postgresql: `${currentHeads('postgresql')} WHERE ${c.id} IN (${placeholders(size)})`,
}));

/** Versions of an item by number. */
export const VERSIONS_OF_CONTENT = sql<[contentId: number]>(
  `SELECT ${VERSION} FROM ${contentVersion} WHERE ${contentVersion.contentId} = ? ORDER BY ${contentVersion.versionNo}`,
);

/** One version. */
export const VERSION_BY_NUMBER = sql<[contentId: number, versionNo: number]>(
  `SELECT ${VERSION} FROM ${contentVersion} WHERE ${contentVersion.contentId} = ? AND ${contentVersion.versionNo} = ?`,
);

const NAME_COLUMNS = contentName.$list(['contentId', 'versionNo', 'languageCode', 'name']);

/** Names of every version of an item. */
export const NAMES_OF_CONTENT = sql<[contentId: number]>(`SELECT ${NAME_COLUMNS} FROM ${contentName} WHERE ${contentName.contentId} = ?`);

/** Names of one version. */
export const NAMES_OF_VERSION = sql<[contentId: number, versionNo: number]>(
  `SELECT ${NAME_COLUMNS} FROM ${contentName} WHERE ${contentName.contentId} = ? AND ${contentName.versionNo} = ?`,
);

/**
 * `(content_id = ? AND version_no = ?) OR …` for `size` versions (parameters: content id, version number each),
 * on the content id and version number columns of a table (`source_…` of relations).
 */
const versionPairs = (size: number, contentId: string, versionNo: string): string =>
  Array.from({ length: size }, () => `(${contentId} = ? AND ${versionNo} = ?)`).join(' OR ');

/**
 * Field order of one or more versions: by version, then field definition position (of the published definition;
 * 0 when it is gone), then field definition id, then language code (byte order), as core's reference handler
 * orders them.
 */
const fieldOrder = (dialect: Dialect): string =>
  `${f.contentId}, ${f.versionNo}, COALESCE(${d.position}, 0), ${f.fieldDefinitionId}, ${binaryOrder(dialect, f.languageCode)}`;
const FIELDS_FROM = `SELECT ${f.$all} FROM ${f} LEFT JOIN ${d} ON ${d.id} = ${f.fieldDefinitionId} AND ${d.status} = ${DEFINED}`;

/** Fields of one version in every language (order: see `fieldOrder`). */
export const FIELDS_OF_VERSION = sql<[contentId: number, versionNo: number]>({
  sqlite: `${FIELDS_FROM} WHERE ${f.contentId} = ? AND ${f.versionNo} = ? ORDER BY ${fieldOrder('sqlite')}`,
  postgresql: `${FIELDS_FROM} WHERE ${f.contentId} = ? AND ${f.versionNo} = ? ORDER BY ${fieldOrder('postgresql')}`,
});

/** Fields of `size` versions in every language (parameters: content id and version number of each). */
export const FIELDS_OF_VERSIONS = new StatementsBySize((size) => ({
  sqlite: `${FIELDS_FROM} WHERE ${versionPairs(size, f.contentId, f.versionNo)} ORDER BY ${fieldOrder('sqlite')}`,
  postgresql: `${FIELDS_FROM} WHERE ${versionPairs(size, f.contentId, f.versionNo)} ORDER BY ${fieldOrder('postgresql')}`,
}));

/** Fields of several versions restricted to languages (a knex builder: the rare case, compiled per call). */
export function fieldsInLanguages(
  kx: Knex,
  dialect: Dialect,
  versions: readonly { readonly contentId: number; readonly versionNo: number }[],
  languages: readonly string[],
): Knex.QueryBuilder {
  return kx(`${f}`)
    .leftJoin(`${d}`, (join) => join.on(d.id, f.fieldDefinitionId).andOnVal(d.status, DEFINED))
    .select(f.$all)
    .where((where) => {
      for (const version of versions) {
        where.orWhere((one) => {
          one.where(f.contentId, version.contentId).andWhere(f.versionNo, version.versionNo);
        });
      }
    })
    .whereIn(f.languageCode, [...languages])
    .orderByRaw(fieldOrder(dialect));
}

const RELATION_COLUMNS = contentRelation.$list([
  'id',
  'sourceContentId',
  'sourceVersionNo',
  'destinationContentId',
  'type',
  'sourceFieldDefinitionIdentifier',
]);

/** Relations of one version, by id. */
export const RELATIONS_OF_VERSION = sql<[contentId: number, versionNo: number]>(
  `SELECT ${RELATION_COLUMNS} FROM ${contentRelation} WHERE ${contentRelation.sourceContentId} = ? AND ${contentRelation.sourceVersionNo} = ? ` +
    `ORDER BY ${contentRelation.id}`,
);

/** Relations of `size` versions, by id (parameters: content id and version number of each). */
export const RELATIONS_OF_VERSIONS = new StatementsBySize(
  (size) =>
    `SELECT ${RELATION_COLUMNS} FROM ${contentRelation} ` +
    `WHERE ${versionPairs(size, contentRelation.sourceContentId, contentRelation.sourceVersionNo)} ORDER BY ${contentRelation.id}`,
);

const r = contentRelation.$as('r');
const source = content.$as('s');
/**
 * Relations to an item from the current version of a published source (Ibexa's reverse relation query: the
 * source's `current_version` and published status), found through the destination index.
 */
const REVERSE_FROM =
  `FROM ${r} JOIN ${source} ON ${source.id} = ${r.sourceContentId} AND ${source.currentVersionNo} = ${r.sourceVersionNo} ` +
  `AND ${source.status} = ${contentStatusCode('PUBLISHED')} WHERE ${r.destinationContentId} = ?`;
const REVERSE_COLUMNS = r.$list(['id', 'sourceContentId', 'sourceVersionNo', 'destinationContentId', 'type', 'sourceFieldDefinitionIdentifier']);

/** Reverse relations of an item, highest id first (Ibexa orders them so). */
export const REVERSE_RELATIONS = sql<[destinationContentId: number]>(`SELECT ${REVERSE_COLUMNS} ${REVERSE_FROM} ORDER BY ${r.id} DESC`);

/** A page of {@link REVERSE_RELATIONS}. */
export const REVERSE_RELATIONS_PAGE = sql<[destinationContentId: number, limit: number, offset: number]>(
  `SELECT ${REVERSE_COLUMNS} ${REVERSE_FROM} ORDER BY ${r.id} DESC LIMIT ? OFFSET ?`,
);

/** Number of reverse relations of an item (column `n`). */
export const COUNT_REVERSE_RELATIONS = sql<[destinationContentId: number]>(`SELECT COUNT(*) AS n ${REVERSE_FROM}`);

/** Pending locations of an item, in creation order. */
export const PENDING_LOCATIONS = sql<[contentId: number]>(
  `SELECT ${pendingLocation.$list(['parentLocationId', 'priority', 'hidden', 'remoteId', 'sortField', 'sortOrder'])} FROM ${pendingLocation} ` +
    `WHERE ${pendingLocation.contentId} = ? ORDER BY ${pendingLocation.id}`,
);

/** Deletes the pending locations of an item. */
export const DELETE_PENDING_LOCATIONS = sql<[contentId: number]>(`DELETE FROM ${pendingLocation} WHERE ${pendingLocation.contentId} = ?`);

/** Positions of `size` published field definitions by id (to order the fields of a new item as loads do). */
export const FIELD_POSITIONS = new StatementsBySize(
  (size) =>
    `SELECT ${fieldDefinition.$list(['id', 'position'])} FROM ${fieldDefinition} ` +
    `WHERE ${fieldDefinition.status} = ${DEFINED} AND ${fieldDefinition.id} IN (${placeholders(size)})`,
);
