import type { LocationCreateStruct } from '../../api/structs/content-structs.js';
import type { Content } from '../../api/values/content.js';
import { InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import { isUserContentType } from '../../field-types/ezuser/user-content.js';
import type { ServiceContext } from '../service-context.js';
import { placementTarget } from '../permissions/permission-guard.js';
import { newRemoteId } from '../ids.js';
import { inTransaction } from '../in-transaction.js';
import { loadStoredContent, requireContentInfo, requireVersionInfo, toContent } from './content-reads.js';
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
 * @throws NotFoundError unknown item, version or parent.
 * @throws InvalidArgumentError parent is not a container; user items cannot be copied (their login is unique).
 * @throws UnauthorizedError without `content/create` under the parent.
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
    if (versionNo !== undefined) await requireVersionInfo(tx, contentId, versionNo);
    const parent = await persistence.locationHandler.load(destination.parentLocationId);
    if (!parent) throw NotFoundError.location(destination.parentLocationId);
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
