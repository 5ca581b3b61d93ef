import { recordEvent } from '../events/record-event.js';
import type { LocationCreateStruct } from '../../api/structs/content-structs.js';
import type { Content } from '../../api/values/content.js';
import { InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import { isUserContentType } from '../../field-types/ezuser/user-content.js';
import type { ServiceContext } from '../service-context.js';
import { placementTarget } from '../permissions/permission-guard.js';
import { newRemoteId } from '../ids.js';
import { inTransaction } from '../in-transaction.js';
import { assertCanRead, loadStoredContent, requireContentInfo, requireVersionInfo, toContent } from './content-reads.js';
import { contentTypeForWrite, contentTypeTarget } from './content-type-for-write.js';
import { contentTarget, indexDocument } from './content-writes-support.js';
import { assertContainer } from './create-content.js';
import { valuesFromStorage } from './content-field-values.js';
import { createPendingLocations } from './publish-version.js';

/**
 * Copies a content item under `destination.parentLocationId` (Ibexa `copyContent`): every version, or only
 * `versionNo`; a published copy gets its location at once, a draft copy a pending one. The copy has a new
 * remoteId and shares the original's stored files (they are never deleted while referenced).
 *
 * One transaction, reading the source while holding it and its content type shared (no write of either commits
 * while it is copied: the copy is one committed state of the source); a published copy locks the parent location
 * as it creates its location there (`createPendingLocations`).
 *
 * Permissions as Ibexa's (which loads the source and the parent through the permission-checked API): `content/read`
 * on the source (and `content/versionread` when a copied version is not the published one: a draft or archived
 * version named by `versionNo`, or any such version when every version is copied), `content/read` on the
 * parent location, then `content/create` of the source's type, section and language below the parent. The source is
 * checked first, so an item the user may not read is refused whatever the destination: a copy never reveals it.
 *
 * @throws NotFoundError unknown item, version or parent.
 * @throws InvalidArgumentError parent is not a container; user items cannot be copied (their login is unique).
 * @throws UnauthorizedError without `content/read` on the source (or `content/versionread` on a draft or archived
 *   version), without `content/read` on the parent, or without `content/create` under the parent.
 */
export async function copyContent(
  context: ServiceContext,
  contentId: number,
  destination: LocationCreateStruct,
  versionNo?: number,
): Promise<Content> {
  const { contentTypeId } = await requireContentInfo(context, contentId);
  return inTransaction(context, async (tx) => {
    const { persistence } = tx;
    await persistence.lockShared([contentTypeTarget(contentTypeId), contentTarget(contentId)]);
    const contentInfo = await requireContentInfo(tx, contentId);
    // Copying every version copies the drafts and archived versions too: they need `content/versionread` as well.
    const copied = versionNo === undefined ? await persistence.contentHandler.loadVersionInfoList(contentId) : [await requireVersionInfo(tx, contentId, versionNo)];
    await assertCanRead(tx, contentInfo);
    for (const status of new Set(copied.map((version) => version.status))) await assertCanRead(tx, contentInfo, status);
    const parent = await persistence.locationHandler.load(destination.parentLocationId);
    if (!parent) throw NotFoundError.location(destination.parentLocationId);
    await tx.guard.assert(
      'content',
      'read',
      { kind: 'content', contentInfo: parent.contentInfo, locationIds: [parent.id] },
      { locationId: parent.id },
    );
    await assertContainer(tx, parent);
    const contentType = await contentTypeForWrite(tx, contentTypeId);
    if (isUserContentType(contentType)) {
      throw new InvalidArgumentError('$contentInfo', 'User content items cannot be copied: logins are unique');
    }
    await tx.guard.assert('content', 'create', placementTarget(contentInfo, parent.id), { contentId, parentLocationId: parent.id });

    let copy = await persistence.contentHandler.copy(contentId, {
      versionNo: versionNo ?? null,
      remoteId: newRemoteId(),
      date: tx.clock.now(),
      pendingLocations: [
        {
          parentLocationId: parent.id,
          priority: destination.priority ?? 0,
          hidden: destination.hidden ?? false,
          remoteId: destination.remoteId ?? newRemoteId(),
          sortField: destination.sortField ?? contentType.defaultSortField,
          sortOrder: destination.sortOrder ?? contentType.defaultSortOrder,
        },
      ],
    });
    const states = await persistence.objectStateHandler.loadContentStateIds(contentId);
    if (states.length > 0) await persistence.objectStateHandler.setContentStates(copy.id, states);
    await recordEvent(tx, 'content.copied', { contentId: copy.id, sourceContentId: contentId });
    if (copy.status === 'PUBLISHED') {
      copy = await createPendingLocations(persistence, copy);
      const published = await loadStoredContent(tx, copy.id, copy.currentVersionNo);
      const values = valuesFromStorage(tx.fieldTypes, published.fields);
      await persistence.searchHandler.indexContent(indexDocument(tx, contentType, copy.id, copy.currentVersionNo, values));
      return toContent(tx, published);
    }
    return toContent(tx, await loadStoredContent(tx, copy.id, copy.currentVersionNo));
  });
}
