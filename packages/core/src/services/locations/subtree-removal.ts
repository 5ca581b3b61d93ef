import type { StoredImageFile } from '../../api/services/image-variation-service.js';
import { imageFieldType } from '../../field-types/ezimage/index.js';
import { isRecord } from '../../field-types/shared/decode.js';
import type { PersistenceHandler } from '../../spi/persistence-handler.js';
import type { ServiceContext } from '../service-context.js';
import { lockBookmarksOfLocations } from '../bookmarks/create-bookmark-service.js';
import { lockLocationAliases } from '../url-aliases/location-aliases.js';

/**
 * Deletes the subtrees of `locationIds` and then every content item left without a location (with its search
 * index entry and user account); items that keep other locations get a new main location when theirs was
 * deleted; their URL aliases and bookmarks go too. Runs inside the caller's transaction, which holds the locks of
 * `subtreeRemovalTargets` (this locks the URL aliases, bookmark lists and roles it changes). Returns the ids of
 * the deleted content items; the image files of their versions are added to `removedImages` when given (see
 * {@link deleteContentData}).
 */
export async function removeSubtrees(tx: PersistenceHandler, locationIds: readonly number[], removedImages?: StoredImageFile[]): Promise<number[]> {
  const deletedLocations = new Set<number>();
  const touchedContent = new Set<number>();
  for (const locationId of locationIds) {
    if (deletedLocations.has(locationId)) continue;
    for (const location of await tx.locationHandler.deleteSubtree(locationId)) {
      deletedLocations.add(location.id);
      if (location.contentId !== 0) touchedContent.add(location.contentId);
    }
  }
  await lockLocationAliases(tx, [...deletedLocations]);
  await tx.urlAliasHandler.deleteLocationAliases([...deletedLocations]);
  await lockBookmarksOfLocations(tx, [...deletedLocations]);
  await tx.bookmarkHandler.deleteByLocations([...deletedLocations]);
  const deletedContent: number[] = [];
  for (const contentId of touchedContent) {
    const remaining = await tx.locationHandler.loadByContent(contentId);
    if (remaining.length === 0) {
      await deleteContentData(tx, contentId, removedImages);
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

const IMAGE_TYPES = new Set([imageFieldType.identifier, ...(imageFieldType.aliases ?? [])]);

/**
 * The stored image files of a content item's versions (`versionNos`, default every version), each once: read before
 * they are deleted, for their image variations to be deleted after.
 */
export async function storedImagesOf(tx: PersistenceHandler, contentId: number, versionNos?: readonly number[]): Promise<StoredImageFile[]> {
  const images = new Map<string, StoredImageFile>();
  const numbers = versionNos ?? (await tx.contentHandler.loadVersionInfoList(contentId)).map((version) => version.versionNo);
  for (const versionNo of numbers) {
    const content = await tx.contentHandler.load(contentId, versionNo);
    for (const field of content?.fields ?? []) {
      const data = field.data;
      if (!IMAGE_TYPES.has(field.fieldTypeIdentifier) || !isRecord(data)) continue;
      const { id, mimeType, width, height, fileSize } = data;
      const number = (value: unknown): number | null => (typeof value === 'number' ? value : null);
      if (typeof id === 'string') {
        images.set(id, { id, mimeType: typeof mimeType === 'string' ? mimeType : null, width: number(width), height: number(height), fileSize: number(fileSize) });
      }
    }
  }
  return [...images.values()];
}

/**
 * Removes a content item's rows, index entry, account and role assignments (not its locations), inside the
 * caller's transaction, which holds the item's lock; the roles that lose an assignment are locked here. When
 * `removedImages` is given, the image files of the item's versions are added to it, for the caller to delete their
 * image variations once the transaction committed (the original files stay: copies share them).
 */
export async function deleteContentData(tx: PersistenceHandler, contentId: number, removedImages?: StoredImageFile[]): Promise<void> {
  if (removedImages) removedImages.push(...(await storedImagesOf(tx, contentId)));
  const roleIds = new Set((await tx.roleHandler.loadAssignmentsBySubjects([contentId])).map((assignment) => assignment.roleId));
  if (roleIds.size > 0) await tx.lock([...roleIds].map((id) => ({ kind: 'role', id })));
  await tx.searchHandler.deleteContent(contentId);
  await tx.userHandler.deleteAccount(contentId);
  await tx.roleHandler.removeAssignmentsBySubjects([contentId]);
  await tx.trashHandler.deleteTrashItemsOfContent([contentId]);
  await tx.contentHandler.deleteContent(contentId);
}

/**
 * The permission check of removing a subtree (deleting or trashing it): `content/remove` on every content item with
 * a location in it, each item checked once. Called before the transaction, then inside it under the locks, where
 * it checks only the items that entered the subtree in between.
 * @returns the check, for one root; it throws UnauthorizedError for the first item the user may not remove.
 */
export function subtreeRemovalCheck(): (scope: ServiceContext, rootId: number) => Promise<void> {
  const checked = new Set<number>();
  return async (scope, rootId) => {
    const unchecked = (await scope.persistence.locationHandler.loadSubtreeContentIds(rootId)).filter((id) => !checked.has(id));
    for (const contentInfo of await scope.persistence.contentHandler.loadContentInfoList(unchecked)) {
      await scope.guard.assert('content', 'remove', { kind: 'content', contentInfo }, { contentId: contentInfo.id });
      checked.add(contentInfo.id);
    }
  };
}

/**
 * Deletes the image variations of `images` (after the transaction that deleted their content committed). A
 * failure is ignored: variations are derived files, and a left-over one is never served for a deleted item.
 */
export async function deleteImageVariations(context: ServiceContext, images: readonly StoredImageFile[]): Promise<void> {
  if (images.length === 0) return;
  await context.imageVariations.deleteVariations(images).catch(() => undefined);
}
