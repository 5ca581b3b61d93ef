import type { Relation } from '../../api/values/content.js';
import { BadStateError, InvalidArgumentError } from '../../errors/repository-error.js';
import type { ServiceContext } from '../service-context.js';
import { underLock } from '../in-transaction.js';
import { assertCanRead, requireContentInfo, requireVersionInfo } from './content-reads.js';
import { contentTarget } from './content-writes-support.js';

/** Loads the source draft and checks `content/edit` on it. @throws NotFoundError, UnauthorizedError, BadStateError */
async function editableDraft(context: ServiceContext, contentId: number, versionNo: number, verb: 'added to' | 'removed from'): Promise<void> {
  const contentInfo = await requireContentInfo(context, contentId);
  const versionInfo = await requireVersionInfo(context, contentId, versionNo);
  await context.guard.assert('content', 'edit', { kind: 'content', contentInfo, versionStatus: versionInfo.status }, { contentId });
  if (versionInfo.status !== 'DRAFT') {
    throw new BadStateError('$sourceVersion', `Relations of type common can only be ${verb} versions of status draft`, 'version.notDraft');
  }
}

/**
 * Adds a COMMON relation from a draft to another item (Ibexa `ContentService::addRelation`; REST
 * `POST /content/objects/{id}/versions/{no}/relations`), under the source item's lock.
 * Needs `content/edit` on the source draft and `content/read` on the destination.
 * @throws NotFoundError unknown item, version or destination; BadStateError `version.notDraft`;
 *   InvalidArgumentError when the draft already has a COMMON relation to the destination; UnauthorizedError.
 */
export function addRelation(context: ServiceContext, contentId: number, versionNo: number, destinationContentId: number): Promise<Relation> {
  return underLock(context, [contentTarget(contentId)], async (tx) => {
    await editableDraft(tx, contentId, versionNo, 'added to');
    // Ibexa's REST layer loads the destination through the permission-checked API: no relation to what one may not read.
    await assertCanRead(tx, await requireContentInfo(tx, destinationContentId));
    const existing = await tx.persistence.contentHandler.loadRelations(contentId, versionNo);
    if (existing.some((relation) => relation.type === 'COMMON' && relation.destinationContentId === destinationContentId)) {
      throw new InvalidArgumentError('$destinationContent', `Relation of type COMMON to content ${destinationContentId} already exists`);
    }
    return tx.persistence.contentHandler.addRelation(contentId, versionNo, {
      destinationContentId,
      type: 'COMMON',
      sourceFieldDefinitionIdentifier: null,
    });
  });
}

/**
 * Removes the COMMON relation of a draft to an item (Ibexa `ContentService::deleteRelation`; REST
 * `DELETE /content/objects/{id}/versions/{no}/relations/{relationId}`), under the source item's lock.
 * Needs `content/edit` on the source draft and `content/read` on the destination.
 * @throws NotFoundError; BadStateError `version.notDraft`; InvalidArgumentError when there is no COMMON relation
 *   to the destination; UnauthorizedError.
 */
export function deleteRelation(context: ServiceContext, contentId: number, versionNo: number, destinationContentId: number): Promise<void> {
  return underLock(context, [contentTarget(contentId)], async (tx) => {
    await editableDraft(tx, contentId, versionNo, 'removed from');
    // As in Ibexa, where the destination comes from the read-checked relation list: no removal of a relation to what one may not read.
    await assertCanRead(tx, await requireContentInfo(tx, destinationContentId));
    const relations = (await tx.persistence.contentHandler.loadRelations(contentId, versionNo)).filter(
      (relation) => relation.type === 'COMMON' && relation.destinationContentId === destinationContentId,
    );
    if (relations.length === 0) {
      throw new InvalidArgumentError('$destinationContent', `There are no relations of type COMMON for the given destination ${destinationContentId}`);
    }
    for (const relation of relations) await tx.persistence.contentHandler.removeRelation(relation.id);
  });
}
