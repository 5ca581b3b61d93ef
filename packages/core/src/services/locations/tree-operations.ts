import { recordEvent } from '../events/record-event.js';
import type { Location } from '../../api/values/location.js';
import { BadStateError, InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import { isUserContentType } from '../../field-types/ezuser/user-content.js';
import type { LockTarget, PersistenceHandler } from '../../spi/persistence-handler.js';
import type { ServiceContext } from '../service-context.js';
import { loadContentTypeValue } from '../content-types/create-content-type-service.js';
import { indexDocument } from '../content/content-writes-support.js';
import { assertContainer } from '../content/create-content.js';
import { valuesFromStorage } from '../content/content-field-values.js';
import { lockBookmarksOfLocations } from '../bookmarks/create-bookmark-service.js';
import { underDiscoveredLocks } from '../discovered-locks.js';
import { newRemoteId } from '../ids.js';
import { underLock } from '../in-transaction.js';
import { placementTarget } from '../permissions/permission-guard.js';
import { publishLocationAliases, republishLocationAliases } from '../url-aliases/location-aliases.js';
import { subtreeLocationTargets } from './subtree-locks.js';

async function require(persistence: PersistenceHandler, locationId: number): Promise<Location> {
  const location = await persistence.locationHandler.load(locationId);
  if (!location) throw NotFoundError.location(locationId);
  return location;
}

/**
 * `content/read` on each location (its content at that location), as Ibexa loads the locations a tree operation
 * names through the permission-checked API and refuses to move or copy a subtree with anything the user may not read.
 * @throws UnauthorizedError naming the first location refused.
 */
async function assertReadable(context: ServiceContext, locations: readonly Location[]): Promise<void> {
  for (const location of locations) {
    await context.guard.assert('content', 'read', { kind: 'content', contentInfo: location.contentInfo, locationIds: [location.id] }, { locationId: location.id });
  }
}


/**
 * Moves a subtree (Ibexa `LocationService::moveSubtree`). Errors follow Ibexa: moving
 * into the own subtree or onto the current parent is an InvalidArgumentError (REST 406).
 * Locks every location of the moved subtree (their paths change), the old and the new parent; checked inside, so
 * that of two concurrent moves that would make a cycle, the second sees the first and is refused.
 * Permissions as Ibexa's: `content/read` on the new parent and on every location of the moved subtree, and
 * `content/create` of the moved content below the new parent. @throws UnauthorizedError
 */
export async function moveSubtree(context: ServiceContext, locationId: number, newParentId: number): Promise<Location> {
  const discover = async (persistence: PersistenceHandler): Promise<LockTarget[]> => {
    const location = await persistence.locationHandler.load(locationId);
    const parents: LockTarget[] = [{ kind: 'location', id: newParentId }];
    if (location) parents.push({ kind: 'location', id: location.parentLocationId });
    return [...parents, ...(await subtreeLocationTargets(persistence, [locationId]))];
  };
  const moved = await underDiscoveredLocks(context, discover, async (tx) => {
    const location = await require(tx.persistence, locationId);
    const parent = await require(tx.persistence, newParentId);
    if (location.depth === 0) throw new BadStateError('$location', 'The root Location cannot be moved', 'location.root');
    if (parent.pathString.startsWith(location.pathString)) {
      throw new InvalidArgumentError('$newParentLocation', 'new parent Location is a descendant of the given $location');
    }
    if (parent.id === location.parentLocationId) {
      throw new InvalidArgumentError('$newParentLocation', 'new parent Location is the same as the current one');
    }
    await assertContainer(tx, parent);
    await assertReadable(tx, [parent]);
    await assertReadable(tx, await tx.persistence.locationHandler.loadList(await tx.persistence.locationHandler.loadSubtreeIds(locationId)));
    await tx.guard.assert('content', 'create', placementTarget(location.contentInfo, parent.id), { parentLocationId: parent.id });
    await tx.persistence.locationHandler.move(locationId, parent.id);
    await recordEvent(tx, 'location.moved', { locationId, oldParentLocationId: location.parentLocationId, newParentLocationId: parent.id });
    await republishLocationAliases(tx.persistence, [locationId]);
    return require(tx.persistence, locationId);
  });
  // Users below the moved location may now be in other groups, whose roles they inherit: drop every cached role set.
  context.permissionCache.invalidate();
  return moved;
}

/**
 * Copies a subtree (Ibexa `LocationService::copySubtree`): each content item's current version is copied once
 * and placed like the original, below `targetParentId`. One transaction, locking the target (it gets a child) and
 * each copy as it is created; the source is only read. Needs `content/read` on the target and on every location of
 * the subtree, and `content/create` of the root's content below the target (UnauthorizedError).
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
  await assertReadable(context, [target]);
  await context.guard.assert('content', 'create', placementTarget(location.contentInfo, target.id), { parentLocationId: target.id });

  const found = await persistence.searchHandler.findLocations({
    criterion: { type: 'Subtree', values: [location.pathString] },
    sortClauses: [{ type: 'LocationDepth', direction: 'ascending' }],
    offset: 0,
    limit: Number.MAX_SAFE_INTEGER,
    languageFilter: {},
  });
  const subtree = await persistence.locationHandler.loadList(found.ids);
  await assertReadable(context, subtree);

  const newRootId = await underLock(context, [{ kind: 'location', id: target.id }], async (locked) => {
    const tx = locked.persistence;
    // The target may have moved since it was checked (into the subtree, say): check it again under its lock.
    if ((await require(tx, target.id)).pathString.startsWith((await require(tx, locationId)).pathString)) {
      throw new InvalidArgumentError('$targetParentLocation', 'Cannot copy subtree to its own descendant Location');
    }
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
        await tx.lock([{ kind: 'content', id: copyId }]);
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
      await tx.lock([{ kind: 'location', id: created.id }]);
      copiedLocation.set(node.id, created.id);
      const copyInfo = await tx.contentHandler.loadContentInfo(copyId);
      if (copyInfo?.mainLocationId === null) await tx.contentHandler.updateMetadata(copyId, { mainLocationId: created.id });
    }
    const rootId = copiedLocation.get(location.id);
    if (rootId === undefined) throw new Error('copySubtree: the subtree root was not copied');
    await recordEvent(locked, 'location.subtree_copied', { locationId, newLocationId: rootId });
    await publishLocationAliases(tx, [...copiedLocation.entries()].filter(([original]) => original !== location.parentLocationId).map(([, copy]) => copy));
    return rootId;
  });
  return require(persistence, newRootId);
}

/**
 * Exchanges the content of two locations and keeps main locations pointing where the content now is. Locks both
 * locations and both content items (read inside: their main locations decide the metadata written), then the URL
 * aliases and the bookmark lists that follow the content. Needs `content/read` and `content/edit` on both
 * (UnauthorizedError).
 */
export async function swapLocation(context: ServiceContext, locationId: number, otherLocationId: number): Promise<void> {
  const discover = async (persistence: PersistenceHandler): Promise<LockTarget[]> => {
    const targets: LockTarget[] = [];
    for (const location of await persistence.locationHandler.loadList([locationId, otherLocationId])) {
      targets.push({ kind: 'content', id: location.contentId });
    }
    return [{ kind: 'location', id: locationId }, { kind: 'location', id: otherLocationId }, ...targets];
  };
  await underDiscoveredLocks(context, discover, async (tx) => {
    const first = await require(tx.persistence, locationId);
    const second = await require(tx.persistence, otherLocationId);
    if (first.depth === 0 || second.depth === 0) throw new BadStateError('$location', 'The root Location cannot be swapped', 'location.root');
    await assertReadable(tx, [first, second]);
    for (const location of [first, second]) {
      await tx.guard.assert('content', 'edit', { kind: 'content', contentInfo: location.contentInfo, locationIds: [location.id] }, { locationId: location.id });
    }
    const persistence = tx.persistence;
    await persistence.locationHandler.swap(first.id, second.id);
    await republishLocationAliases(persistence, [first.id, second.id]);
    await lockBookmarksOfLocations(persistence, [first.id, second.id]);
    await persistence.bookmarkHandler.swapLocations(first.id, second.id);
    if (first.contentInfo.mainLocationId === first.id) await persistence.contentHandler.updateMetadata(first.contentId, { mainLocationId: second.id });
    if (second.contentInfo.mainLocationId === second.id) await persistence.contentHandler.updateMetadata(second.contentId, { mainLocationId: first.id });
    await recordEvent(tx, 'location.swapped', { locationId1: first.id, locationId2: second.id });
  });
}
