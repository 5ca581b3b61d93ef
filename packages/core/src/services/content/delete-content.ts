import type { ServiceContext } from '../service-context.js';
import { deleteContentData, removeSubtrees } from '../locations/subtree-removal.js';
import { requireContentInfo } from './content-reads.js';

/**
 * Deletes a content item with all versions and all its locations, including their subtrees; content below that
 * has no other location is deleted too (Ibexa `deleteContent`). One transaction.
 * @throws NotFoundError; UnauthorizedError without `content/remove`.
 */
export async function deleteContent(context: ServiceContext, contentId: number): Promise<void> {
  const contentInfo = await requireContentInfo(context, contentId);
  await context.guard.assert('content', 'remove', { kind: 'content', contentInfo }, { contentId });
  await context.persistence.transaction(async (tx) => {
    const locations = await tx.locationHandler.loadByContent(contentId);
    await removeSubtrees(
      tx,
      locations.map((location) => location.id),
    );
    if (await tx.contentHandler.loadContentInfo(contentId)) await deleteContentData(tx, contentId);
  });
  // The item may have been a user or a group (its members' groups changed): drop every cached role set, as users
  // inherit their groups' roles.
  context.permissionCache.invalidate();
}
