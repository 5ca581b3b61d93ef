import { recordEvent } from '../events/record-event.js';
import type { TrashService } from '../../api/services/trash-service.js';
import type { Location } from '../../api/values/location.js';
import type { TrashItem } from '../../api/values/trash.js';
import { BadStateError, NotFoundError, UnauthorizedError } from '../../errors/repository-error.js';
import type { LockTarget, PersistenceHandler } from '../../spi/persistence-handler.js';
import { lockBookmarksOfLocations } from '../bookmarks/create-bookmark-service.js';
import { targetKey, underDiscoveredLocks } from '../discovered-locks.js';
import type { ServiceContext } from '../service-context.js';
import { underLock } from '../in-transaction.js';
import type { StoredImageFile } from '../../api/services/image-variation-service.js';
import { deleteContentData, deleteImageVariations, subtreeRemovalCheck } from '../locations/subtree-removal.js';
import { subtreeRemovalTargets } from '../locations/subtree-locks.js';
import { lockLocationAliases, publishLocationAliases } from '../url-aliases/location-aliases.js';

const trashItemNotFound = (id: number): NotFoundError => new NotFoundError('TrashItem', id);

/**
 * Deletes the content of removed trash items that has no location (a trashed item has none); the image files of
 * their versions are added to `removedImages`.
 */
async function deleteOrphanedContent(tx: PersistenceHandler, contentIds: readonly number[], removedImages: StoredImageFile[]): Promise<void> {
  removedImages.length = 0; // a retried transaction starts over
  for (const contentId of new Set(contentIds)) {
    if ((await tx.locationHandler.loadByContent(contentId)).length === 0 && (await tx.contentHandler.loadContentInfo(contentId))) {
      await deleteContentData(tx, contentId, removedImages);
    }
  }
}

/**
 * The TrashService of one user scope (Ibexa `TrashService`; REST `/content/trash`; policies `content/restore` and
 * `content/cleantrash`). Writes lock the locations and content items they change and read them under the locks.
 */
export function createTrashService(context: ServiceContext): TrashService {
  const { persistence } = context;
  const requireItem = async (scope: PersistenceHandler, trashItemId: number): Promise<TrashItem> => {
    const item = await scope.trashHandler.loadTrashItem(trashItemId);
    if (!item) throw trashItemNotFound(trashItemId);
    return item;
  };
  const canRead = (item: TrashItem): Promise<boolean> => context.guard.canUser('content', 'read', { kind: 'content', contentInfo: item.contentInfo });

  return {
    /** Locks what removing the subtree writes (`subtreeRemovalTargets`), then the aliases and bookmark lists it drops. */
    async trash(locationId) {
      const location = await persistence.locationHandler.load(locationId);
      if (!location) throw NotFoundError.location(locationId);
      if (location.depth === 0) throw new BadStateError('$location', 'The root Location cannot be trashed', 'location.root');
      await context.guard.assert('content', 'remove', { kind: 'content', contentInfo: location.contentInfo, locationIds: [locationId] }, { locationId });
      const assertRemovable = subtreeRemovalCheck();
      await assertRemovable(context, locationId);
      return underDiscoveredLocks(
        context,
        (scope) => subtreeRemovalTargets(scope, [locationId]),
        async (tx) => {
          if (!(await tx.persistence.locationHandler.load(locationId))) throw NotFoundError.location(locationId);
          await assertRemovable(tx, locationId);
          const result = await tx.persistence.trashHandler.trashSubtree(locationId, context.clock.now());
          await lockLocationAliases(tx.persistence, result.removedLocationIds);
          await tx.persistence.urlAliasHandler.deleteLocationAliases(result.removedLocationIds);
          await lockBookmarksOfLocations(tx.persistence, result.removedLocationIds);
          await tx.persistence.bookmarkHandler.deleteByLocations(result.removedLocationIds);
          await recordEvent(tx, 'location.trashed', { locationId, contentId: location.contentId });
          return result.trashItem;
        },
      );
    },

    async loadTrashItem(trashItemId) {
      const item = await requireItem(persistence, trashItemId);
      await context.guard.assert('content', 'read', { kind: 'content', contentInfo: item.contentInfo }, { contentId: item.contentId });
      return item;
    },

    async findTrashItems(offset = 0, limit = -1) {
      const first = Math.max(0, offset);
      if ((await context.guard.hasAccess('content', 'read')) === true) return persistence.trashHandler.findTrashItems(first, limit);
      const all = await persistence.trashHandler.findTrashItems(0, -1);
      const readable: TrashItem[] = [];
      for (const item of all.items) if (await canRead(item)) readable.push(item);
      return { totalCount: readable.length, items: readable.slice(first, limit < 0 ? undefined : first + limit) };
    },

    /**
     * Locks the item's location id, its content item and the new parent; then the restored locations and their
     * content items (the item's batch below it), and their aliases.
     *
     * Permissions as Ibexa's `recover` behind its REST restore: `content/read` on the item (as `loadTrashItem`) and on a new parent given (loaded through the permission-checked
     * API), and `content/restore` on the item with the parent it goes to as the target (so a Subtree or Node
     * limitation on `content/restore` decides where it may be restored; without a new parent, the original one).
     * @throws UnauthorizedError
     */
    async recover(trashItemId, newParentLocationId): Promise<Location> {
      const item = await requireItem(persistence, trashItemId);
      await context.guard.assert('content', 'read', { kind: 'content', contentInfo: item.contentInfo }, { contentId: item.contentId });
      const parentId = newParentLocationId ?? item.parentLocationId;
      const parent = await persistence.locationHandler.load(parentId);
      if (!parent) throw NotFoundError.location(parentId);
      if (newParentLocationId !== undefined) {
        await context.guard.assert('content', 'read', { kind: 'content', contentInfo: parent.contentInfo, locationIds: [parentId] }, { locationId: parentId });
      }
      await context.guard.assert('content', 'restore', { kind: 'content', contentInfo: item.contentInfo, locationIds: [parentId] }, { contentId: item.contentId });
      const targets: LockTarget[] = [
        { kind: 'location', id: trashItemId },
        { kind: 'location', id: parentId },
        { kind: 'content', id: item.contentId },
      ];
      return underLock(context, targets, async (tx) => {
        await requireItem(tx.persistence, trashItemId);
        const restored = await tx.persistence.trashHandler.recover(trashItemId, parentId);
        const locations = await tx.persistence.locationHandler.loadList(restored);
        const held = new Set(targets.map(targetKey));
        const batch = locations.flatMap((location): LockTarget[] => [
          { kind: 'location', id: location.id },
          { kind: 'content', id: location.contentId },
        ]);
        await tx.persistence.lock(batch.filter((target) => !held.has(targetKey(target))));
        await publishLocationAliases(tx.persistence, restored);
        const location = await tx.persistence.locationHandler.load(trashItemId);
        if (!location) throw NotFoundError.location(trashItemId);
        await recordEvent(tx, 'location.restored', { locationId: location.id, contentId: location.contentId, parentLocationId: location.parentLocationId });
        return location;
      });
    },

    /**
     * Locks the item's content item (deleted with it when it has no location left). Needs `content/read` on the
     * item, as Ibexa's REST delete loads it through the permission-checked `loadTrashItem` first (no deleting what
     * one may not read), and `content/cleantrash`.
     * @throws NotFoundError, UnauthorizedError
     */
    async deleteTrashItem(trashItemId) {
      const item = await requireItem(persistence, trashItemId);
      await context.guard.assert('content', 'read', { kind: 'content', contentInfo: item.contentInfo }, { contentId: item.contentId });
      await context.guard.assert('content', 'cleantrash', { kind: 'content', contentInfo: item.contentInfo }, { contentId: item.contentId });
      const removedImages: StoredImageFile[] = [];
      await underLock(context, [{ kind: 'content', id: item.contentId }], async (tx) => {
        await requireItem(tx.persistence, trashItemId);
        const contentId = await tx.persistence.trashHandler.deleteTrashItem(trashItemId);
        if (contentId !== null) await deleteOrphanedContent(tx.persistence, [contentId], removedImages);
      });
      await deleteImageVariations(context, removedImages);
    },

    /** Locks the content items of every trash item (they are deleted). */
    async emptyTrash() {
      if ((await context.guard.hasAccess('content', 'cleantrash')) === false) throw new UnauthorizedError('content', 'cleantrash');
      const discover = async (scope: PersistenceHandler): Promise<LockTarget[]> =>
        (await scope.trashHandler.findTrashItems(0, -1)).items.map((item) => ({ kind: 'content', id: item.contentId }));
      const removedImages: StoredImageFile[] = [];
      await underDiscoveredLocks(context, discover, async (tx) => deleteOrphanedContent(tx.persistence, await tx.persistence.trashHandler.emptyTrash(), removedImages));
      await deleteImageVariations(context, removedImages);
    },
  };
}
