import type { ContentInfo, ContentMetadataPatch } from '@contentrepo/core';
import { NotFoundError } from '@contentrepo/core';
import { sortNameOf } from '../../db/collation.js';
import { toSeconds } from '../../db/dates.js';
import type { SqlContext } from '../../db/sql-context.js';
import { convertUniqueViolation } from '../../db/unique-violation.js';
import type { DbRow } from '../../mappers/row-encoders.js';
import { duplicateContentRemoteId } from '../duplicate-errors.js';
import { loadContentInfo } from './content-reads.js';

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
 * `ContentHandler.updateMetadata`: one UPDATE of the present members, then the new ContentInfo.
 * @throws NotFoundError unknown item. @throws InvalidArgumentError when the new remoteId is taken.
 */
export async function updateMetadata(ctx: SqlContext, contentId: number, patch: ContentMetadataPatch): Promise<ContentInfo> {
  const columns = patchColumns(patch);
  if (Object.keys(columns).length > 0) {
    await convertUniqueViolation(
      ctx,
      () => ctx.exec(ctx.kx('content').where('id', contentId).update(columns)),
      () => duplicateContentRemoteId(patch.remoteId ?? ''),
    );
  }
  const info = await loadContentInfo(ctx, { id: contentId });
  if (!info) throw NotFoundError.content(contentId);
  return info;
}

/**
 * `ContentHandler.deleteContent`: state links, relations in both directions, pending locations, fields, names,
 * versions and the item, in one transaction (locations, the user account and the search index belong to other
 * handlers).
 */
export async function deleteContent(ctx: SqlContext, contentId: number): Promise<void> {
  await ctx.atomic(async (tx) => {
    await tx.exec(tx.kx('content_object_state').where('content_id', contentId).delete());
    await tx.exec(
      tx
        .kx('content_relation')
        .where('source_content_id', contentId)
        .orWhere('destination_content_id', contentId)
        .delete(),
    );
    await tx.exec(tx.kx('pending_location').where('content_id', contentId).delete());
    await tx.exec(tx.kx('content_field').where('content_id', contentId).delete());
    await tx.exec(tx.kx('content_name').where('content_id', contentId).delete());
    await tx.exec(tx.kx('content_version').where('content_id', contentId).delete());
    await tx.exec(tx.kx('content').where('id', contentId).delete());
  });
}
