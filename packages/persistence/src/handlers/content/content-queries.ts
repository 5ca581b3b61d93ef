import type { Knex } from '@mikro-orm/knex';
import { binaryOrder } from '../../db/collation.js';
import { contentTypeStatusCode } from '../../db/codes.js';
import type { Dialect } from '../../db/dialect.js';
import { placeholders, sql, StatementsBySize } from '../../db/statement.js';
import { CONTENT_INFO_COLUMNS, contentInfoSelect } from '../../mappers/content-info.js';
import { VERSION_COLUMNS, versionSelect } from '../../mappers/version-info.js';

/**
 * The content handler's read statements, precompiled (`db/statement.ts`). Batch reads are compiled once per
 * number of items; only field reads restricted to languages are knex builders.
 */

/** Prefix of the version columns in content ⋈ version rows. */
export const VERSION_PREFIX = 'v_';

const DEFINED = contentTypeStatusCode('DEFINED');

/** The ContentInfo columns of `content c`. */
const INFO = contentInfoSelect('c').join(', ');
/** The ContentInfo columns of a `content` row being written (RETURNING). */
export const INFO_RETURNING = CONTENT_INFO_COLUMNS.join(', ');
/**
 * The version's names as a JSON object `{language: name}` in one column of the head row (one statement fewer on
 * every content read than querying `content_name` apart).
 */
const NAMES_JSON = {
  sqlite: `(SELECT json_group_object(n.language_code, n.name) FROM content_name n WHERE n.content_id = v.content_id AND n.version_no = v.version_no) AS ${VERSION_PREFIX}names`,
  postgresql: `(SELECT COALESCE(json_object_agg(n.language_code, n.name), '{}'::json) FROM content_name n WHERE n.content_id = v.content_id AND n.version_no = v.version_no) AS ${VERSION_PREFIX}names`,
} as const;
const headColumns = (dialect: Dialect): string => `${INFO}, ${versionSelect('v', VERSION_PREFIX).join(', ')}, ${NAMES_JSON[dialect]}`;
const currentHeads = (dialect: Dialect): string =>
  `SELECT ${headColumns(dialect)} FROM content c JOIN content_version v ON v.content_id = c.id AND v.version_no = c.current_version_no`;
/** The VersionInfo columns of a `content_version` row (without the names). */
const VERSION = VERSION_COLUMNS.join(', ');

/** ContentInfo by id. */
export const CONTENT_INFO_BY_ID = sql<[contentId: number]>(`SELECT ${INFO} FROM content c WHERE c.id = ?`);

/** ContentInfo by remoteId. */
export const CONTENT_INFO_BY_REMOTE_ID = sql<[remoteId: string]>(`SELECT ${INFO} FROM content c WHERE c.remote_id = ?`);

/** ContentInfos of `size` ids. */
export const CONTENT_INFO_BY_IDS = new StatementsBySize(
  (size) => `SELECT ${INFO} FROM content c WHERE c.id IN (${placeholders(size)})`,
);

const versionHead = (dialect: Dialect): string =>
  `SELECT ${headColumns(dialect)} FROM content c JOIN content_version v ON v.content_id = c.id WHERE c.id = ? AND v.version_no = ?`;

/** Content ⋈ one version, with the version's names. */
export const HEAD_OF_VERSION = sql<[contentId: number, versionNo: number]>({
  sqlite: versionHead('sqlite'),
  postgresql: versionHead('postgresql'),
});

/** Content ⋈ its current version, with the version's names. */
export const HEAD_OF_CURRENT = sql<[contentId: number]>({
  sqlite: `${currentHeads('sqlite')} WHERE c.id = ?`,
  postgresql: `${currentHeads('postgresql')} WHERE c.id = ?`,
});

/** Content ⋈ current version of `size` items, with their names. */
export const HEADS_OF_CURRENT = new StatementsBySize((size) => ({
  sqlite: `${currentHeads('sqlite')} WHERE c.id IN (${placeholders(size)})`,
  postgresql: `${currentHeads('postgresql')} WHERE c.id IN (${placeholders(size)})`,
}));

/** Versions of an item by number. */
export const VERSIONS_OF_CONTENT = sql<[contentId: number]>(
  `SELECT ${VERSION} FROM content_version WHERE content_id = ? ORDER BY version_no`,
);

/** One version. */
export const VERSION_BY_NUMBER = sql<[contentId: number, versionNo: number]>(
  `SELECT ${VERSION} FROM content_version WHERE content_id = ? AND version_no = ?`,
);

const NAME_COLUMNS = 'content_id, version_no, language_code, name';

/** Names of every version of an item. */
export const NAMES_OF_CONTENT = sql<[contentId: number]>(`SELECT ${NAME_COLUMNS} FROM content_name WHERE content_id = ?`);

/** Names of one version. */
export const NAMES_OF_VERSION = sql<[contentId: number, versionNo: number]>(
  `SELECT ${NAME_COLUMNS} FROM content_name WHERE content_id = ? AND version_no = ?`,
);

/** `(content_id = ? AND version_no = ?) OR …` for `size` versions (parameters: content id, version number each). */
const versionPairs = (size: number, alias = ''): string =>
  Array.from({ length: size }, () => `(${alias}content_id = ? AND ${alias}version_no = ?)`).join(' OR ');

/**
 * Field order of one or more versions: by version, then field definition position (of the published definition;
 * 0 when it is gone), then field definition id, then language code (byte order), as core's reference handler
 * orders them.
 */
const fieldOrder = (dialect: Dialect): string =>
  `f.content_id, f.version_no, COALESCE(d.position, 0), f.field_definition_id, ${binaryOrder(dialect, 'f.language_code')}`;
const FIELDS_FROM = `SELECT f.* FROM content_field f LEFT JOIN field_definition d ON d.id = f.field_definition_id AND d.status = ${DEFINED}`;

/** Fields of one version in every language (order: see `fieldOrder`). */
export const FIELDS_OF_VERSION = sql<[contentId: number, versionNo: number]>({
  sqlite: `${FIELDS_FROM} WHERE f.content_id = ? AND f.version_no = ? ORDER BY ${fieldOrder('sqlite')}`,
  postgresql: `${FIELDS_FROM} WHERE f.content_id = ? AND f.version_no = ? ORDER BY ${fieldOrder('postgresql')}`,
});

/** Fields of `size` versions in every language (parameters: content id and version number of each). */
export const FIELDS_OF_VERSIONS = new StatementsBySize((size) => ({
  sqlite: `${FIELDS_FROM} WHERE ${versionPairs(size, 'f.')} ORDER BY ${fieldOrder('sqlite')}`,
  postgresql: `${FIELDS_FROM} WHERE ${versionPairs(size, 'f.')} ORDER BY ${fieldOrder('postgresql')}`,
}));

/** Fields of several versions restricted to languages (a knex builder: the rare case, compiled per call). */
export function fieldsInLanguages(
  kx: Knex,
  dialect: Dialect,
  versions: readonly { readonly contentId: number; readonly versionNo: number }[],
  languages: readonly string[],
): Knex.QueryBuilder {
  return kx('content_field as f')
    .leftJoin('field_definition as d', (join) => join.on('d.id', 'f.field_definition_id').andOnVal('d.status', DEFINED))
    .select('f.*')
    .where((where) => {
      for (const version of versions) {
        where.orWhere((one) => one.where('f.content_id', version.contentId).andWhere('f.version_no', version.versionNo));
      }
    })
    .whereIn('f.language_code', [...languages])
    .orderByRaw(fieldOrder(dialect));
}

const RELATION_COLUMNS = 'id, source_content_id, source_version_no, destination_content_id, type, source_field_definition_identifier';

/** Relations of one version, by id. */
export const RELATIONS_OF_VERSION = sql<[contentId: number, versionNo: number]>(
  `SELECT ${RELATION_COLUMNS} FROM content_relation WHERE source_content_id = ? AND source_version_no = ? ORDER BY id`,
);

/** Relations of `size` versions, by id (parameters: content id and version number of each). */
export const RELATIONS_OF_VERSIONS = new StatementsBySize(
  (size) =>
    `SELECT ${RELATION_COLUMNS} FROM content_relation WHERE ${versionPairs(size, 'source_')} ORDER BY id`,
);

/** Pending locations of an item, in creation order. */
export const PENDING_LOCATIONS = sql<[contentId: number]>(
  'SELECT parent_location_id, priority, hidden, remote_id, sort_field, sort_order FROM pending_location ' +
    'WHERE content_id = ? ORDER BY id',
);

/** Deletes the pending locations of an item. */
export const DELETE_PENDING_LOCATIONS = sql<[contentId: number]>('DELETE FROM pending_location WHERE content_id = ?');

/** Positions of `size` published field definitions by id (to order the fields of a new item as loads do). */
export const FIELD_POSITIONS = new StatementsBySize(
  (size) => `SELECT id, position FROM field_definition WHERE status = ${DEFINED} AND id IN (${placeholders(size)})`,
);
