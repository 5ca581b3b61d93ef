import type { VersionInfo } from '@contentrepo/core';
import { versionStatusCode } from '../../db/codes.js';
import type { SqlContext } from '../../db/sql-context.js';
import { sql } from '../../db/statement.js';
import { namesByVersion, toVersionInfo, VERSION_COLUMNS, versionKey } from '../../mappers/version-info.js';

const DRAFT = versionStatusCode('DRAFT');
const COLUMNS = VERSION_COLUMNS.map((column) => `v.${column}`).join(', ');

const DRAFTS_OF_USER = sql<[creatorId: number]>(
  `SELECT ${COLUMNS} FROM content_version v WHERE v.creator_id = ? AND v.status = ${DRAFT} ORDER BY v.content_id, v.version_no`,
);
const NAMES_OF_DRAFTS_OF_USER = sql<[creatorId: number]>(
  'SELECT n.content_id, n.version_no, n.language_code, n.name FROM content_name n ' +
    `JOIN content_version v ON v.content_id = n.content_id AND v.version_no = n.version_no WHERE v.creator_id = ? AND v.status = ${DRAFT}`,
);

/**
 * DRAFT versions created by a user with their names (Ibexa `loadDraftsForUser`, rest.md §3.5 row 9): two
 * statements on the `content_version.creator_id` index whatever the number of drafts.
 */
export async function loadDraftsForUser(ctx: SqlContext, userId: number): Promise<VersionInfo[]> {
  const [rows, nameRows] = await Promise.all([ctx.all(DRAFTS_OF_USER, [userId]), ctx.all(NAMES_OF_DRAFTS_OF_USER, [userId])]);
  const names = namesByVersion(nameRows);
  return rows.map((row) => toVersionInfo(row, names.get(versionKey(row.int('content_id'), row.int('version_no'))) ?? {}));
}
