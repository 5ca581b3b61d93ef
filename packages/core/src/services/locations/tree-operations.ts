import type { Location } from '../../api/values/location.js';
import { BadStateError, InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import { isUserContentType } from '../../field-types/ezuser/user-content.js';
import type { PersistenceHandler } from '../../spi/persistence-handler.js';
import type { ServiceContext } from '../service-context.js';
import { loadContentTypeValue } from '../content-types/create-content-type-service.js';
import { indexDocument } from '../content/content-writes-support.js';
import { assertContainer } from '../content/create-content.js';
import { valuesFromStorage } from '../content/content-field-values.js';
import { newRemoteId } from '../ids.js';
import { placementTarget } from '../permissions/permission-guard.js';
import { publishLocationAliases, republishLocationAliases } from '../url-aliases/location-aliases.js';

async function require(persistence: PersistenceHandler, locationId: number): Promise<Location> {
  const location = await persistence.locationHandler.load(locationId);
  if (!location) throw NotFoundError.location(locationId);
  return location;
}


/**
 * Moves a subtree (Ibexa `LocationService::moveSubtree`). Errors follow Ibexa: moving
 * into the own subtree or onto the current parent is an InvalidArgumentError (REST 406).
 */
export async function moveSubtree(context: ServiceContext, locationId: number, newParentId: number): Promise<Location> {
  const { persistence } = context;
  const location = await require(persistence, locationId);
  const parent = await require(persistence, newParentId);
  if (location.depth === 0) throw new BadStateError('$location', 'The root Location cannot be moved', 'location.root');
  if (parent.pathString.startsWith(location.pathString)) {
    throw new InvalidArgumentError('$newParentLocation', 'new parent Location is a descendant of the given $location');
  }
  if (parent.id === location.parentLocationId) {
    throw new InvalidArgumentError('$newParentLocation', 'new parent Location is the same as the current one');
  }
  await assertContainer(context, parent);
  await context.guard.assert('content', 'read', { kind: 'content', contentInfo: location.contentInfo, locationIds: [locationId] }, { locationId });
  await context.guard.assert('content', 'create', placementTarget(location.contentInfo, parent.id), { parentLocationId: parent.id });
  await persistence.transaction(async (tx) => {
    await tx.locationHandler.move(locationId, parent.id);
    await republishLocationAliases(tx, [locationId]);
  });
  // Users below the moved location may now be in other groups, whose roles they inherit: drop every cached role set.
  context.permissionCache.invalidate();
  return require(persistence, locationId);
}

/**
 * Copies a subtree (Ibexa `LocationService::copySubtree`): each content item's current version is copied once
 * and placed like the original, below `targetParentId`. One transaction.
 * @throws InvalidArgumentError target inside the subtree, not a container, or a user item in the subtree.
 */
export async function copySubtree(context: ServiceContext, locationId: number, targetParentId: number): Promise<Location> {
  const { persistence } = context;
  const location = await require(persistence, locationId);
  const target = await require(persistence, targetParentId);
  if (location.depth === 0) throw new BadStateError('$location', 'The root Location cannot be copied', 'location.root');
  if (target.pathString.startsWith(location.pathString)) {
    throw new InvalidArgumentError('$targetParentLocation', 'Cannot copy subtree to its own descendant Location');
  }
  await assertContainer(context, target);
  await context.guard.assert('content', 'create', placementTarget(location.contentInfo, target.id), { parentLocationId: target.id });

  const found = await persistence.searchHandler.findLocations({
    criterion: { type: 'Subtree', values: [location.pathString] },
    sortClauses: [{ type: 'LocationDepth', direction: 'ascending' }],
    offset: 0,
    limit: Number.MAX_SAFE_INTEGER,
    languageFilter: {},
  });
  const subtree = await persistence.locationHandler.loadList(found.ids);
  for (const node of subtree) {
    await context.guard.assert('content', 'read', { kind: 'content', contentInfo: node.contentInfo, locationIds: [node.id] }, { locationId: node.id });
  }

  const newRootId = await persistence.transaction(async (tx) => {
    const copiedContent = new Map<number, number>();
    const copiedLocation = new Map<number, number>([[location.parentLocationId, target.id]]);
    for (const node of subtree) {
      const parentId = copiedLocation.get(node.parentLocationId);
      if (parentId === undefined) continue;
      let copyId = copiedContent.get(node.contentId);
      const contentType = await loadContentTypeValue(context, node.contentInfo.contentTypeId);
      if (copyId === undefined) {
        if (isUserContentType(contentType)) {
          throw new InvalidArgumentError('$subtree', `User content item ${node.contentId} cannot be copied: logins are unique`);
        }
        const copy = await tx.contentHandler.copy(node.contentId, {
          versionNo: node.contentInfo.currentVersionNo,
          remoteId: newRemoteId(),
          date: context.clock.now(),
          pendingLocations: [],
        });
        copyId = copy.id;
        copiedContent.set(node.contentId, copyId);
        const states = await tx.objectStateHandler.loadContentStateIds(node.contentId);
        if (states.length > 0) await tx.objectStateHandler.setContentStates(copyId, states);
        const stored = await tx.contentHandler.load(copyId, copy.currentVersionNo);
        if (stored) {
          const values = valuesFromStorage(context.fieldTypes, stored.fields);
          await tx.searchHandler.indexContent(indexDocument(context, contentType, copyId, copy.currentVersionNo, values));
        }
      }
      const created = await tx.locationHandler.create({
        contentId: copyId,
        parentLocationId: parentId,
        priority: node.priority,
        hidden: node.hidden,
        remoteId: newRemoteId(),
        sortField: node.sortField,
        sortOrder: node.sortOrder,
      });
      copiedLocation.set(node.id, created.id);
      const copyInfo = await tx.contentHandler.loadContentInfo(copyId);
      if (copyInfo?.mainLocationId === null) await tx.contentHandler.updateMetadata(copyId, { mainLocationId: created.id });
    }
    const rootId = copiedLocation.get(location.id);
    if (rootId === undefined) throw new Error('copySubtree: the subtree root was not copied');
    await publishLocationAliases(tx, [...copiedLocation.entries()].filter(([original]) => original !== location.parentLocationId).map(([, copy]) => copy));
    return rootId;
  });
  return require(persistence, newRootId);
}

/** Exchanges the content of two locations and keeps main locations pointing where the content now is. */
export async function swapLocation(context: ServiceContext, locationId: number, otherLocationId: number): Promise<void> {
  const { persistence } = context;
  const first = await require(persistence, locationId);
  const second = await require(persistence, otherLocationId);
  if (first.depth === 0 || second.depth === 0) throw new BadStateError('$location', 'The root Location cannot be swapped', 'location.root');
  for (const location of [first, second]) {
    await context.guard.assert('content', 'edit', { kind: 'content', contentInfo: location.contentInfo, locationIds: [location.id] }, { locationId: location.id });
  }
  await persistence.transaction(async (tx) => {
    await tx.locationHandler.swap(first.id, second.id);
    await tx.bookmarkHandler.swapLocations(first.id, second.id);
    await republishLocationAliases(tx, [first.id, second.id]);
    if (first.contentInfo.mainLocationId === first.id) await tx.contentHandler.updateMetadata(first.contentId, { mainLocationId: second.id });
    if (second.contentInfo.mainLocationId === second.id) await tx.contentHandler.updateMetadata(second.contentId, { mainLocationId: first.id });
  });
}
