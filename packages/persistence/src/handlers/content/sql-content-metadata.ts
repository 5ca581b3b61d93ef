import type { ContentInfo, ContentMetadataPatch } from '@contentrepo/core';
import { NotFoundError } from '@contentrepo/core';
import { sortNameOf } from '../../db/collation.js';
import { toSeconds } from '../../db/dates.js';
import type { Row } from '../../db/row.js';
import type { SqlContext } from '../../db/sql-context.js';
import { sql, type Statement } from '../../db/statement.js';
import { convertUniqueViolation } from '../../db/unique-violation.js';
import { updateById } from '../../db/updates.js';
import { toContentInfo } from '../../mappers/content-info-rows.js';
import { TABLES, type TableRow } from '../../schema/index.js';
import { duplicateContentRemoteId } from '../sql-duplicate-errors.js';
import { CONTENT_INFO_BY_ID, INFO_RETURNING } from './sql-content-queries.js';

const { content, contentObjectState, contentRelation, pendingLocation, contentField, contentName, contentVersion } = TABLES;

/** The `content` columns a metadata patch changes (absent members are left out). */
function patchColumns(patch: ContentMetadataPatch): TableRow<typeof content> {
  return {
    ...(patch.ownerId === undefined ? {} : { ownerId: patch.ownerId }),
    ...(patch.sectionId === undefined ? {} : { sectionId: patch.sectionId }),
    ...(patch.publishedDate === undefined ? {} : { published: toSeconds(patch.publishedDate) }),
    ...(patch.modificationDate === undefined ? {} : { modified: toSeconds(patch.modificationDate) }),
    ...(patch.mainLanguageCode === undefined ? {} : { mainLanguageCode: patch.mainLanguageCode }),
    ...(patch.alwaysAvailable === undefined ? {} : { alwaysAvailable: patch.alwaysAvailable }),
    ...(patch.remoteId === undefined ? {} : { remoteId: patch.remoteId }),
    ...(patch.mainLocationId === undefined ? {} : { mainLocationId: patch.mainLocationId }),
    ...(patch.name === undefined ? {} : { name: patch.name, sortName: sortNameOf(patch.name) }),
    ...(patch.isHidden === undefined ? {} : { isHidden: patch.isHidden }),
  };
}

/**
 * `ContentHandler.updateMetadata`: one UPDATE of the present members returning the new ContentInfo (a plain read
 * for an empty patch).
 * @throws NotFoundError unknown item. @throws InvalidArgumentError when the new remoteId is taken.
 */
export async function updateMetadata(ctx: SqlContext, contentId: number, patch: ContentMetadataPatch): Promise<ContentInfo> {
  const columns = patchColumns(patch);
  let row: Row | null;
  if (Object.keys(columns).length === 0) row = await ctx.one(CONTENT_INFO_BY_ID, [contentId]);
  else {
    const { statement, params } = updateById(content, columns, contentId, INFO_RETURNING);
    row = await convertUniqueViolation(
      ctx,
      () => ctx.one(statement, params),
      () => duplicateContentRemoteId(patch.remoteId ?? ''),
    );
  }
  if (!row) throw NotFoundError.content(contentId);
  return toContentInfo(row);
}

const DELETE_CONTENT: readonly Statement<[contentId: number]>[] = [
  sql(`DELETE FROM ${contentObjectState} WHERE ${contentObjectState.contentId} = ?`),
  sql(`DELETE FROM ${contentRelation} WHERE ${contentRelation.sourceContentId} = ?`),
  sql(`DELETE FROM ${contentRelation} WHERE ${contentRelation.destinationContentId} = ?`),
  sql(`DELETE FROM ${pendingLocation} WHERE ${pendingLocation.contentId} = ?`),
  sql(`DELETE FROM ${contentField} WHERE ${contentField.contentId} = ?`),
  sql(`DELETE FROM ${contentName} WHERE ${contentName.contentId} = ?`),
  sql(`DELETE FROM ${contentVersion} WHERE ${contentVersion.contentId} = ?`),
  sql(`DELETE FROM ${content} WHERE ${content.id} = ?`),
];

/**
 * `ContentHandler.deleteContent`: state links, relations in both directions, pending locations, fields, names,
 * versions and the item, in one transaction (locations, the user account and the search index belong to other
 * handlers).
 */
export async function deleteContent(ctx: SqlContext, contentId: number): Promise<void> {
  await ctx.atomic(async (tx) => {
    for (const statement of DELETE_CONTENT) await tx.write(statement, [contentId]);
  });
}
