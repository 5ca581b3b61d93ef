import type { PersistenceHandler } from '../../spi/persistence-handler.js';

/**
 * Deletes the subtrees of `locationIds` and then every content item left without a location (with its search
 * index entry and user account); items that keep other locations get a new main location when theirs was
 * deleted; their URL aliases and bookmarks go too. Runs inside the caller's transaction. Returns the ids of the deleted content items.
 */
export async function removeSubtrees(tx: PersistenceHandler, locationIds: readonly number[]): Promise<number[]> {
  const deletedLocations = new Set<number>();
  const touchedContent = new Set<number>();
  for (const locationId of locationIds) {
    if (deletedLocations.has(locationId)) continue;
    for (const location of await tx.locationHandler.deleteSubtree(locationId)) {
      deletedLocations.add(location.id);
      if (location.contentId !== 0) touchedContent.add(location.contentId);
    }
  }
  await tx.urlAliasHandler.deleteLocationAliases([...deletedLocations]);
  await tx.bookmarkHandler.deleteByLocations([...deletedLocations]);
  const deletedContent: number[] = [];
  for (const contentId of touchedContent) {
    const remaining = await tx.locationHandler.loadByContent(contentId);
    if (remaining.length === 0) {
      await deleteContentData(tx, contentId);
      deletedContent.push(contentId);
      continue;
    }
    const contentInfo = await tx.contentHandler.loadContentInfo(contentId);
    const first = remaining[0];
    if (contentInfo && first && (contentInfo.mainLocationId === null || deletedLocations.has(contentInfo.mainLocationId))) {
      await tx.contentHandler.updateMetadata(contentId, { mainLocationId: first.id });
    }
  }
  return deletedContent;
}

/** Removes a content item's rows, index entry, account and role assignments (not its locations). */
export async function deleteContentData(tx: PersistenceHandler, contentId: number): Promise<void> {
  await tx.searchHandler.deleteContent(contentId);
  await tx.userHandler.deleteAccount(contentId);
  await tx.roleHandler.removeAssignmentsBySubjects([contentId]);
  await tx.trashHandler.deleteTrashItemsOfContent([contentId]);
  await tx.contentHandler.deleteContent(contentId);
}
