import type { ContentInfo, ContentMetadataPatch } from '@contentrepo/core';
import { NotFoundError } from '@contentrepo/core';
import { sortNameOf } from '../../db/collation.js';
import { toSeconds } from '../../db/dates.js';
import type { Row } from '../../db/row.js';
import type { SqlContext } from '../../db/sql-context.js';
import { sql, type Statement } from '../../db/statement.js';
import { convertUniqueViolation } from '../../db/unique-violation.js';
import { updateById } from '../../db/updates.js';
import { toContentInfo } from '../../mappers/content-info.js';
import type { DbRow } from '../../mappers/row-encoders.js';
import { duplicateContentRemoteId } from '../duplicate-errors.js';
import { CONTENT_INFO_BY_ID, INFO_RETURNING } from './content-queries.js';

/** The `content` columns a metadata patch changes (absent members are left out). */
function patchColumns(patch: ContentMetadataPatch): DbRow {
  const columns: DbRow = {};
  if (patch.ownerId !== undefined) columns['owner_id'] = patch.ownerId;
  if (patch.sectionId !== undefined) columns['section_id'] = patch.sectionId;
  if (patch.publishedDate !== undefined) columns['published'] = toSeconds(patch.publishedDate);
  if (patch.modificationDate !== undefined) columns['modified'] = toSeconds(patch.modificationDate);
  if (patch.mainLanguageCode !== undefined) columns['main_language_code'] = patch.mainLanguageCode;
  if (patch.alwaysAvailable !== undefined) columns['always_available'] = patch.alwaysAvailable;
  if (patch.remoteId !== undefined) columns['remote_id'] = patch.remoteId;
  if (patch.mainLocationId !== undefined) columns['main_location_id'] = patch.mainLocationId;
  if (patch.name !== undefined) {
    columns['name'] = patch.name;
    columns['sort_name'] = sortNameOf(patch.name);
  }
  if (patch.isHidden !== undefined) columns['is_hidden'] = patch.isHidden;
  return columns;
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
    const { statement, params } = updateById('content', columns, contentId, INFO_RETURNING);
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
  sql('DELETE FROM content_object_state WHERE content_id = ?'),
  sql('DELETE FROM content_relation WHERE source_content_id = ?'),
  sql('DELETE FROM content_relation WHERE destination_content_id = ?'),
  sql('DELETE FROM pending_location WHERE content_id = ?'),
  sql('DELETE FROM content_field WHERE content_id = ?'),
  sql('DELETE FROM content_name WHERE content_id = ?'),
  sql('DELETE FROM content_version WHERE content_id = ?'),
  sql('DELETE FROM content WHERE id = ?'),
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
