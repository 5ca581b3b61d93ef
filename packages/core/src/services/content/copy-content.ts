import type { LocationCreateStruct } from '../../api/structs/content-structs.js';
import type { Content } from '../../api/values/content.js';
import { InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import { isUserContentType } from '../../field-types/ezuser/user-content.js';
import type { ServiceContext } from '../service-context.js';
import { placementTarget } from '../permissions/permission-guard.js';
import { loadContentTypeValue } from '../content-types/create-content-type-service.js';
import { newRemoteId } from '../ids.js';
import { loadStoredContent, requireContentInfo, requireVersionInfo, toContent } from './content-reads.js';
import { indexDocument } from './content-writes-support.js';
import { assertContainer } from './create-content.js';
import { valuesFromStorage } from './content-field-values.js';
import { createPendingLocations } from './publish-version.js';

/**
 * Copies a content item under `destination.parentLocationId` (Ibexa `copyContent`): every version, or only
 * `versionNo`; a published copy gets its location at once, a draft copy a pending one. The copy has a new
 * remoteId and shares the original's stored files (they are never deleted while referenced).
 *
 * @throws NotFoundError unknown item, version or parent.
 * @throws InvalidArgumentError parent is not a container; user items cannot be copied (their login is unique).
 * @throws UnauthorizedError without `content/create` under the parent.
 */
export async function copyContent(
  context: ServiceContext,
  contentId: number,
  destination: LocationCreateStruct,
  versionNo?: number,
): Promise<Content> {
  const { persistence } = context;
  const contentInfo = await requireContentInfo(context, contentId);
  if (versionNo !== undefined) await requireVersionInfo(context, contentId, versionNo);
  const parent = await persistence.locationHandler.load(destination.parentLocationId);
  if (!parent) throw NotFoundError.location(destination.parentLocationId);
  await assertContainer(context, parent);
  const contentType = await loadContentTypeValue(context, contentInfo.contentTypeId);
  if (isUserContentType(contentType)) {
    throw new InvalidArgumentError('$contentInfo', 'User content items cannot be copied: logins are unique');
  }
  await context.guard.assert('content', 'create', placementTarget(contentInfo, parent.id), { contentId, parentLocationId: parent.id });

  const date = context.clock.now();
  const location = {
    parentLocationId: parent.id,
    priority: destination.priority ?? 0,
    hidden: destination.hidden ?? false,
    remoteId: destination.remoteId ?? newRemoteId(),
    sortField: destination.sortField ?? contentType.defaultSortField,
    sortOrder: destination.sortOrder ?? contentType.defaultSortOrder,
  };
  const copyId = await persistence.transaction(async (tx) => {
    let copy = await tx.contentHandler.copy(contentId, {
      versionNo: versionNo ?? null,
      remoteId: newRemoteId(),
      date,
      pendingLocations: [location],
    });
    const states = await tx.objectStateHandler.loadContentStateIds(contentId);
    if (states.length > 0) await tx.objectStateHandler.setContentStates(copy.id, states);
    if (copy.status !== 'PUBLISHED') return copy.id;
    copy = await createPendingLocations(tx, copy);
    const stored = await tx.contentHandler.load(copy.id, copy.currentVersionNo);
    if (stored) {
      const values = valuesFromStorage(context.fieldTypes, stored.fields);
      await tx.searchHandler.indexContent(indexDocument(context, contentType, copy.id, copy.currentVersionNo, values));
    }
    return copy.id;
  });
  const copyInfo = await requireContentInfo(context, copyId);
  return toContent(context, await loadStoredContent(context, copyId, copyInfo.currentVersionNo));
}
