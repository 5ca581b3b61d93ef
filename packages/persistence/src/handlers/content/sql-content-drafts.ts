import type { VersionInfo } from '@contentrepo/core';
import { versionStatusCode } from '../../db/codes.js';
import type { SqlContext } from '../../db/sql-context.js';
import { sql } from '../../db/statement.js';
import { namesByVersion, toVersionInfo, versionKey, versionSelect } from '../../mappers/version-info-rows.js';
import { TABLES } from '../../schema/index.js';

const DRAFT = versionStatusCode('DRAFT');
const { contentVersion } = TABLES;
const v = contentVersion.$as('v');
const n = TABLES.contentName.$as('n');

const DRAFTS_OF_USER = sql<[creatorId: number]>(
  `SELECT ${versionSelect(v).join(', ')} FROM ${v} WHERE ${v.creatorId} = ? AND ${v.status} = ${DRAFT} ORDER BY ${v.contentId}, ${v.versionNo}`,
);
const NAMES_OF_DRAFTS_OF_USER = sql<[creatorId: number]>(
  `SELECT ${n.$list(['contentId', 'versionNo', 'languageCode', 'name'])} FROM ${n} ` +
    `JOIN ${v} ON ${v.contentId} = ${n.contentId} AND ${v.versionNo} = ${n.versionNo} WHERE ${v.creatorId} = ? AND ${v.status} = ${DRAFT}`,
);

/**
 * DRAFT versions created by a user with their names (Ibexa `loadDraftsForUser`; REST `GET /user/users/{id}/drafts`):
 * two statements on the `content_version.creator_id` index whatever the number of drafts.
 */
export async function loadDraftsForUser(ctx: SqlContext, userId: number): Promise<VersionInfo[]> {
  const [rows, nameRows] = await Promise.all([ctx.all(DRAFTS_OF_USER, [userId]), ctx.all(NAMES_OF_DRAFTS_OF_USER, [userId])]);
  const names = namesByVersion(nameRows);
  return rows.map((row) => toVersionInfo(row, names.get(versionKey(row.int(contentVersion.contentId), row.int(contentVersion.versionNo))) ?? {}));
}
