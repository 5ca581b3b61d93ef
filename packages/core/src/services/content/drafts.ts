import { recordEvent } from '../events/record-event.js';
import type { StoredImageFile } from '../../api/services/image-variation-service.js';
import type { Content } from '../../api/values/content.js';
import { assertVersionTransition } from '../../domain/version/transitions.js';
import type { ServiceContext } from '../service-context.js';
import { underLock } from '../in-transaction.js';
import { NotFoundError } from '../../errors/repository-error.js';
import type { StoredContent } from '../../spi/content-handler.js';
import { assertCanRead, requireContentInfo, requireVersionInfo, toContent } from './content-reads.js';
import { contentTarget } from './content-writes-support.js';
import { deleteImageVariations, storedImagesOf } from '../locations/subtree-removal.js';

/**
 * Creates a new draft from a version, the current one by default (Ibexa `createContentDraft`): fields,
 * names and relations are copied; the new version number is the highest + 1. Under the item's lock, so that the
 * copy is the source version as the last committed write left it. The source version is read once, with its item
 * and fields; the draft returned is assembled from it (same field ids and values, the source's names) and from what
 * the insert returned, not read back.
 * @throws NotFoundError; UnauthorizedError without `content/read` (and `content/versionread` for a draft or
 *   archived source version) or without `content/edit`.
 */
export function createContentDraft(context: ServiceContext, contentId: number, fromVersionNo?: number): Promise<Content> {
  return underLock(context, [contentTarget(contentId)], async (tx) => {
    const source = await loadSourceVersion(tx, contentId, fromVersionNo);
    const { contentInfo, versionInfo } = source;
    assertVersionTransition('createDraft', versionInfo.status, 1);
    // The draft repeats the source version's fields: it needs what reading that version needs, as Ibexa loads both.
    await assertCanRead(tx, contentInfo, versionInfo.status);
    await tx.guard.assert('content', 'edit', { kind: 'content', contentInfo, versionStatus: versionInfo.status }, { contentId });
    const draft = await tx.persistence.contentHandler.createDraft(contentId, versionInfo.versionNo, {
      creatorId: tx.userId,
      date: tx.clock.now(),
      initialLanguageCode: versionInfo.initialLanguageCode,
    });
    await recordEvent(tx, 'version.created', { contentId, versionNo: draft.versionNo });
    return toContent(tx, { contentInfo, versionInfo: draft, fields: source.fields });
  });
}

/**
 * The version a draft is created from, with its item and fields: the current version (item and version in one
 * read) or `versionNo`.
 * @throws NotFoundError for a missing item, else for a missing version.
 */
async function loadSourceVersion(tx: ServiceContext, contentId: number, versionNo: number | undefined): Promise<StoredContent> {
  const { contentHandler } = tx.persistence;
  const [stored] = versionNo === undefined ? await contentHandler.loadCurrentList([contentId]) : [await contentHandler.load(contentId, versionNo)];
  if (stored) return stored;
  await requireContentInfo(tx, contentId);
  throw NotFoundError.version(contentId, versionNo ?? 0);
}

/**
 * Deletes a DRAFT or ARCHIVED version (Ibexa `deleteVersion`), under the item's lock. Once committed, the image
 * variations of the images only that version held are deleted (the original files stay).
 * @throws BadStateError `version.published` for the published version, `version.lastVersion` for the only one.
 * @throws NotFoundError; UnauthorizedError without `content/versionremove`.
 */
export async function deleteVersion(context: ServiceContext, contentId: number, versionNo: number): Promise<void> {
  let removedImages: StoredImageFile[] = [];
  await underLock(context, [contentTarget(contentId)], async (tx) => {
    const contentInfo = await requireContentInfo(tx, contentId);
    const versionInfo = await requireVersionInfo(tx, contentId, versionNo);
    await tx.guard.assert(
      'content',
      'versionremove',
      { kind: 'content', contentInfo, versionStatus: versionInfo.status },
      { contentId, versionNo },
    );
    const versions = await tx.persistence.contentHandler.loadVersionInfoList(contentId);
    assertVersionTransition('delete', versionInfo.status, versions.length);
    const kept = new Set(
      (await storedImagesOf(tx.persistence, contentId, versions.filter((version) => version.versionNo !== versionNo).map((version) => version.versionNo))).map((image) => image.id),
    );
    removedImages = (await storedImagesOf(tx.persistence, contentId, [versionNo])).filter((image) => !kept.has(image.id));
    await tx.persistence.contentHandler.deleteVersion(contentId, versionNo);
    await recordEvent(tx, 'version.deleted', { contentId, versionNo });
  });
  await deleteImageVariations(context, removedImages);
}
