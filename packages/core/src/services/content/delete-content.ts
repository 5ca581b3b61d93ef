import type { ServiceContext } from '../service-context.js';
import { underLock } from '../in-transaction.js';
import { deleteContentData, removeSubtrees } from '../locations/subtree-removal.js';
import { requireContentInfo } from './content-reads.js';
import { contentTarget } from './content-writes-support.js';

/**
 * Deletes a content item with all versions and all its locations, including their subtrees; content below that
 * has no other location is deleted too (Ibexa `deleteContent`). One transaction, under the item's lock and the
 * locks of its locations (read inside it), so that no write of the item or its locations commits in between.
 * @throws NotFoundError; UnauthorizedError without `content/remove`.
 */
export async function deleteContent(context: ServiceContext, contentId: number): Promise<void> {
  await underLock(context, [contentTarget(contentId)], async (tx) => {
    const contentInfo = await requireContentInfo(tx, contentId);
    await tx.guard.assert('content', 'remove', { kind: 'content', contentInfo }, { contentId });
    const { persistence } = tx;
    const locations = await persistence.locationHandler.loadByContent(contentId);
    await persistence.lock(locations.map((location) => ({ kind: 'location', id: location.id })));
    await removeSubtrees(
      persistence,
      locations.map((location) => location.id),
    );
    if (await persistence.contentHandler.loadContentInfo(contentId)) await deleteContentData(persistence, contentId);
  });
  // The item may have been a user or a group (its members' groups changed): drop every cached role set, as users
  // inherit their groups' roles.
  context.permissionCache.invalidate();
}
