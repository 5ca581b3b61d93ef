import { recordEvents } from '../events/record-event.js';
import type { ContentMetadataUpdateStruct } from '../../api/structs/content-structs.js';
import type { ContentInfo } from '../../api/values/content.js';
import { InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { ContentMetadataPatch } from '../../spi/content-handler.js';
import type { ServiceContext } from '../service-context.js';
import { underLock } from '../in-transaction.js';
import { requireContentInfo, requireVersionInfo } from './content-reads.js';
import { contentTarget } from './content-writes-support.js';

/**
 * Updates metadata (Ibexa `updateContentMetadata`, plus the section assignment REST's ContentUpdate performs),
 * under the item's lock: every check reads the item as the last committed write left it, and members the struct
 * omits keep their committed values.
 *
 * @throws NotFoundError unknown item, section or owner.
 * @throws InvalidArgumentError remoteId used by another item; main language not among the current version's
 *   translations; main location not a location of the item.
 * @throws UnauthorizedError without `content/edit` (and `section/assign` when the section changes).
 */
export function updateContentMetadata(
  context: ServiceContext,
  contentId: number,
  struct: ContentMetadataUpdateStruct,
): Promise<ContentInfo> {
  return underLock(context, [contentTarget(contentId)], async (tx) => {
    const patch = await metadataPatch(tx, contentId, struct);
    const updated = await tx.persistence.contentHandler.updateMetadata(contentId, patch);
    await recordEvents(tx, [
      { type: 'content.metadata_updated', payload: { contentId } },
      ...(patch.sectionId !== undefined
        ? [{ type: 'content.section_assigned', payload: { contentId, sectionId: patch.sectionId } } as const]
        : []),
    ]);
    return updated;
  });
}

/**
 * The checked patch of a metadata update struct against the item as stored.
 * @throws as {@link updateContentMetadata}.
 */
// `sectionId` is in the patch only when it changes the item's section.
async function metadataPatch(context: ServiceContext, contentId: number, struct: ContentMetadataUpdateStruct): Promise<ContentMetadataPatch> {
  const { persistence } = context;
  const contentInfo = await requireContentInfo(context, contentId);
  await context.guard.assert(
    'content',
    'edit',
    { kind: 'content', contentInfo, ...(struct.ownerId === undefined ? {} : { newOwnerId: struct.ownerId }) },
    { contentId },
  );
  const patch: { -readonly [K in keyof ContentMetadataPatch]: ContentMetadataPatch[K] } = {};

  if (struct.sectionId !== undefined && struct.sectionId !== contentInfo.sectionId) {
    if (!(await persistence.sectionHandler.load(struct.sectionId))) throw NotFoundError.section(struct.sectionId);
    await context.guard.assert(
      'section',
      'assign',
      { kind: 'content', contentInfo, newSectionId: struct.sectionId },
      { contentId, sectionId: struct.sectionId },
    );
    patch.sectionId = struct.sectionId;
  }
  if (struct.remoteId !== undefined && struct.remoteId !== contentInfo.remoteId) {
    const other = await persistence.contentHandler.loadContentInfoByRemoteId(struct.remoteId);
    if (other && other.id !== contentId) {
      throw new InvalidArgumentError('$contentMetadataUpdateStruct', `Another Content item with remoteId '${struct.remoteId}' exists`);
    }
    patch.remoteId = struct.remoteId;
  }
  if (struct.mainLanguageCode !== undefined && struct.mainLanguageCode !== contentInfo.mainLanguageCode) {
    const current = await requireVersionInfo(context, contentId, contentInfo.currentVersionNo);
    const name = current.names[struct.mainLanguageCode];
    if (name === undefined) {
      throw new InvalidArgumentError(
        '$contentMetadataUpdateStruct',
        `Content item ${contentId} has no translation '${struct.mainLanguageCode}' to become its main language`,
      );
    }
    patch.mainLanguageCode = struct.mainLanguageCode;
    patch.name = name;
  }
  if (struct.mainLocationId !== undefined && struct.mainLocationId !== contentInfo.mainLocationId) {
    const location = await persistence.locationHandler.load(struct.mainLocationId);
    if (!location || location.contentId !== contentId) {
      throw new InvalidArgumentError('$contentMetadataUpdateStruct', `Location ${struct.mainLocationId} is not a location of content ${contentId}`);
    }
    patch.mainLocationId = struct.mainLocationId;
  }
  if (struct.ownerId !== undefined) {
    if (!(await persistence.userHandler.loadAccount(struct.ownerId))) throw NotFoundError.user(struct.ownerId);
    patch.ownerId = struct.ownerId;
  }
  if (struct.alwaysAvailable !== undefined) patch.alwaysAvailable = struct.alwaysAvailable;
  if (struct.publishedDate !== undefined) patch.publishedDate = struct.publishedDate;
  patch.modificationDate = struct.modificationDate ?? context.clock.now();
  return patch;
}
