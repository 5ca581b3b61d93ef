import type { TrashService } from '../../api/services/trash-service.js';
import type { Location } from '../../api/values/location.js';
import type { TrashItem } from '../../api/values/trash.js';
import { BadStateError, NotFoundError, UnauthorizedError } from '../../errors/repository-error.js';
import type { PersistenceHandler } from '../../spi/persistence-handler.js';
import type { ServiceContext } from '../service-context.js';
import { inTransaction } from '../in-transaction.js';
import { deleteContentData } from '../locations/subtree-removal.js';
import { publishLocationAliases } from '../url-aliases/location-aliases.js';

const trashItemNotFound = (id: number): NotFoundError => new NotFoundError('TrashItem', id);

/** Deletes the content of removed trash items that has no location (a trashed item has none). */
async function deleteOrphanedContent(tx: PersistenceHandler, contentIds: readonly number[]): Promise<void> {
  for (const contentId of new Set(contentIds)) {
    if ((await tx.locationHandler.loadByContent(contentId)).length === 0 && (await tx.contentHandler.loadContentInfo(contentId))) {
      await deleteContentData(tx, contentId);
    }
  }
}

/**
 * The TrashService of one user scope (Ibexa `TrashService`; REST `/content/trash`; policies `content/restore` and
 * `content/cleantrash`).
 */
export function createTrashService(context: ServiceContext): TrashService {
  const { persistence } = context;
  const requireItem = async (trashItemId: number): Promise<TrashItem> => {
    const item = await persistence.trashHandler.loadTrashItem(trashItemId);
    if (!item) throw trashItemNotFound(trashItemId);
    return item;
  };
  const canRead = (item: TrashItem): Promise<boolean> => context.guard.canUser('content', 'read', { kind: 'content', contentInfo: item.contentInfo });

  return {
    async trash(locationId) {
      const location = await persistence.locationHandler.load(locationId);
      if (!location) throw NotFoundError.location(locationId);
      if (location.depth === 0) throw new BadStateError('$location', 'The root Location cannot be trashed', 'location.root');
      await context.guard.assert('content', 'remove', { kind: 'content', contentInfo: location.contentInfo, locationIds: [locationId] }, { locationId });
      const contentIds = await persistence.locationHandler.loadSubtreeContentIds(locationId);
      for (const contentInfo of await persistence.contentHandler.loadContentInfoList(contentIds)) {
        await context.guard.assert('content', 'remove', { kind: 'content', contentInfo }, { contentId: contentInfo.id });
      }
      return persistence.transaction(async (tx) => {
        const result = await tx.trashHandler.trashSubtree(locationId, context.clock.now());
        await tx.urlAliasHandler.deleteLocationAliases(result.removedLocationIds);
        await tx.bookmarkHandler.deleteByLocations(result.removedLocationIds);
        return result.trashItem;
      });
    },

    async loadTrashItem(trashItemId) {
      const item = await requireItem(trashItemId);
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

    async recover(trashItemId, newParentLocationId): Promise<Location> {
      const item = await requireItem(trashItemId);
      const parentId = newParentLocationId ?? item.parentLocationId;
      if (!(await persistence.locationHandler.load(parentId))) throw NotFoundError.location(parentId);
      await context.guard.assert('content', 'restore', { kind: 'content', contentInfo: item.contentInfo }, { contentId: item.contentId });
      return inTransaction(context, async (tx) => {
        const restored = await tx.persistence.trashHandler.recover(trashItemId, parentId);
        await publishLocationAliases(tx.persistence, restored);
        const location = await tx.persistence.locationHandler.load(trashItemId);
        if (!location) throw NotFoundError.location(trashItemId);
        return location;
      });
    },

    async deleteTrashItem(trashItemId) {
      const item = await requireItem(trashItemId);
      await context.guard.assert('content', 'cleantrash', { kind: 'content', contentInfo: item.contentInfo }, { contentId: item.contentId });
      await persistence.transaction(async (tx) => {
        const contentId = await tx.trashHandler.deleteTrashItem(trashItemId);
        if (contentId !== null) await deleteOrphanedContent(tx, [contentId]);
      });
    },

    async emptyTrash() {
      if ((await context.guard.hasAccess('content', 'cleantrash')) === false) throw new UnauthorizedError('content', 'cleantrash');
      await persistence.transaction(async (tx) => deleteOrphanedContent(tx, await tx.trashHandler.emptyTrash()));
    },
  };
}
