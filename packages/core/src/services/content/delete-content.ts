import { recordEvents } from '../events/record-event.js';
import type { ServiceContext } from '../service-context.js';
import { isUserContentType } from '../../field-types/ezuser/user-content.js';
import { loadContentTypeValue } from '../content-types/content-type-values.js';
import { underLock } from '../in-transaction.js';
import type { StoredImageFile } from '../../api/services/image-variation-service.js';
import { deleteContentData, deleteImageVariations, removeSubtrees } from '../locations/subtree-removal.js';
import { requireContentInfo } from './content-reads.js';
import { contentTarget } from './content-writes-support.js';

/**
 * Deletes a content item with all versions and all its locations, including their subtrees; content below that
 * has no other location is deleted too (Ibexa `deleteContent`). One transaction, under the item's lock and the
 * locks of its locations (read inside it), so that no write of the item or its locations commits in between. The
 * image variations of the deleted items' images are deleted once it committed.
 * @throws NotFoundError; UnauthorizedError without `content/remove`.
 */
export async function deleteContent(context: ServiceContext, contentId: number): Promise<void> {
  const removedImages: StoredImageFile[] = [];
  await underLock(context, [contentTarget(contentId)], async (tx) => {
    const contentInfo = await requireContentInfo(tx, contentId);
    await tx.guard.assert('content', 'remove', { kind: 'content', contentInfo }, { contentId });
    const { persistence } = tx;
    const locations = await persistence.locationHandler.loadByContent(contentId);
    await persistence.lock(locations.map((location) => ({ kind: 'location', id: location.id })));
    removedImages.length = 0; // a retried transaction starts over
    await removeSubtrees(
      persistence,
      locations.map((location) => location.id),
      removedImages,
    );
    if (await persistence.contentHandler.loadContentInfo(contentId)) await deleteContentData(persistence, contentId, removedImages);
    const contentType = await loadContentTypeValue(tx, contentInfo.contentTypeId).catch(() => null);
    const isUser = contentType !== null && isUserContentType(contentType);
    await recordEvents(tx, [{ type: 'content.deleted', payload: { contentId } }, ...(isUser ? [{ type: 'user.deleted', payload: { userId: contentId } } as const] : [])]);
  });
  await deleteImageVariations(context, removedImages);
  // The item may have been a user or a group (its members' groups changed): drop every cached role set, as users
  // inherit their groups' roles.
  context.permissionCache.invalidate();
}
