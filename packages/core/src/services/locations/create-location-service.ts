import { recordEvent } from '../events/record-event.js';
import type { LocationService } from '../../api/services/location-service.js';
import type { LocationCreateStruct, LocationUpdateStruct } from '../../api/structs/content-structs.js';
import type { Location } from '../../api/values/location.js';
import { BadStateError, InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { ServiceContext } from '../service-context.js';
import { assertContainer } from '../content/create-content.js';
import { loadContentTypeValue } from '../content-types/create-content-type-service.js';
import { requireContentInfo } from '../content/content-reads.js';
import { newRemoteId } from '../ids.js';
import { placementTarget } from '../permissions/permission-guard.js';
import { inIdOrder, readableIds } from '../permissions/readable-lists.js';
import { findChildLocationIds } from '../search/location-children.js';
import { underLock } from '../in-transaction.js';
import { underDiscoveredLocks } from '../discovered-locks.js';
import type { StoredImageFile } from '../../api/services/image-variation-service.js';
import { deleteImageVariations, removeSubtrees, subtreeRemovalCheck } from './subtree-removal.js';
import { subtreeLocationTargets, subtreeRemovalTargets } from './subtree-locks.js';
import { publishLocationAliases } from '../url-aliases/location-aliases.js';
import { copySubtree, moveSubtree, swapLocation } from './tree-operations.js';

/** Default page size of `loadLocationChildren` (Ibexa). */
const DEFAULT_CHILDREN_LIMIT = 25;

/** A location read through `context` (inside a write: its transaction). @throws NotFoundError */
async function requireIn(context: ServiceContext, locationId: number): Promise<Location> {
  const location = await context.persistence.locationHandler.load(locationId);
  if (!location) throw NotFoundError.location(locationId);
  return location;
}

/**
 * The LocationService of one user scope. Writes run under the locks of what they change (`underLock`), reading
 * it inside: a location's update locks it; a creation its content item and parent; hiding, moving and deleting
 * lock every location of the subtree (`subtree-locks.ts`).
 */
export function createLocationService(context: ServiceContext): LocationService {
  const handler = context.persistence.locationHandler;

  const require = (locationId: number): Promise<Location> => requireIn(context, locationId);
  const assertReadable = async (location: Location): Promise<Location> => {
    await context.guard.assert(
      'content',
      'read',
      { kind: 'content', contentInfo: location.contentInfo, locationIds: [location.id] },
      { locationId: location.id },
    );
    return location;
  };
  const canRead = (location: Location): Promise<boolean> =>
    context.guard.canUser('content', 'read', { kind: 'content', contentInfo: location.contentInfo, locationIds: [location.id] });

  const service: LocationService = {
    loadLocation: async (locationId) => assertReadable(await require(locationId)),

    async loadLocationByRemoteId(remoteId) {
      const location = await handler.loadByRemoteId(remoteId);
      if (!location) throw NotFoundError.location(remoteId);
      return assertReadable(location);
    },

    async loadLocationList(locationIds) {
      const ids = [...new Set(locationIds)];
      if (ids.length === 0) return [];
      const found = inIdOrder(ids, await handler.loadList(ids), (location) => location.id);
      // The root (depth 0) is no search hit: it is checked as loadLocation checks it.
      const searchable = found.filter((location) => location.depth > 0).map((location) => location.id);
      const readable = await readableIds(context, 'location', { type: 'LocationId', values: searchable }, searchable.length);
      if (readable === null) return found;
      const result: Location[] = [];
      for (const location of found) {
        if (location.depth > 0 ? readable.has(location.id) : await canRead(location)) result.push(location);
      }
      return result;
    },

    async loadLocations(contentId) {
      const contentInfo = await requireContentInfo(context, contentId);
      await context.guard.assert('content', 'read', { kind: 'content', contentInfo }, { contentId });
      const locations = await handler.loadByContent(contentId);
      const readable: Location[] = [];
      for (const location of locations) if (await canRead(location)) readable.push(location);
      return readable.sort((a, b) => Number(b.id === contentInfo.mainLocationId) - Number(a.id === contentInfo.mainLocationId) || a.id - b.id);
    },

    async loadLocationChildren(locationId, offset = 0, limit = DEFAULT_CHILDREN_LIMIT) {
      const parent = await service.loadLocation(locationId);
      const result = await findChildLocationIds(context, parent, offset, limit);
      // Counted (the child search never sets performCount false).
      return { totalCount: result.totalCount ?? 0, locations: await handler.loadList(result.ids) };
    },

    async getLocationChildCount(locationId) {
      const parent = await require(locationId);
      return (await findChildLocationIds(context, parent, 0, 0)).totalCount ?? 0;
    },

    /**
     * Locks the content item (its locations change) and the parent (it gets a child); the new location too. Needs
     * `content/read` on the content and the parent, `content/manage_locations` on the content and `content/create`
     * of it below the parent. @throws UnauthorizedError
     */
    createLocation: (contentId, struct: LocationCreateStruct) =>
      underLock(context, [{ kind: 'content', id: contentId }, { kind: 'location', id: struct.parentLocationId }], async (tx) => {
        const contentInfo = await requireContentInfo(tx, contentId);
        if (contentInfo.status !== 'PUBLISHED') {
          throw new BadStateError('$contentInfo', 'Content is not published: it gets its locations at its first publication', 'content.notPublished');
        }
        const parent = await requireIn(tx, struct.parentLocationId);
        await assertContainer(tx, parent);
        const existing = await tx.persistence.locationHandler.loadByContent(contentId);
        if (existing.some((location) => location.parentLocationId === parent.id)) {
          throw new InvalidArgumentError('$locationCreateStruct', 'Content is already below the specified parent');
        }
        if (existing.some((location) => parent.pathString.startsWith(location.pathString))) {
          throw new InvalidArgumentError('$locationCreateStruct', 'A Location cannot be created below a Location of the same Content');
        }
        // Ibexa loads the content and the parent through the permission-checked API: a new location never makes
        // unreadable content reachable, nor places it below a location one may not read.
        await tx.guard.assert('content', 'read', { kind: 'content', contentInfo }, { contentId });
        await tx.guard.assert('content', 'read', { kind: 'content', contentInfo: parent.contentInfo, locationIds: [parent.id] }, { locationId: parent.id });
        await tx.guard.assert('content', 'manage_locations', { kind: 'content', contentInfo }, { contentId });
        await tx.guard.assert('content', 'create', placementTarget(contentInfo, parent.id), { parentLocationId: parent.id });
        const contentType = await loadContentTypeValue(tx, contentInfo.contentTypeId).catch(() => null);
        const created = await tx.persistence.locationHandler.create({
          contentId,
          parentLocationId: parent.id,
          priority: struct.priority ?? 0,
          hidden: struct.hidden ?? false,
          remoteId: struct.remoteId ?? newRemoteId(),
          sortField: struct.sortField ?? contentType?.defaultSortField ?? 'PATH',
          sortOrder: struct.sortOrder ?? contentType?.defaultSortOrder ?? 'ASC',
        });
        await tx.persistence.lock([{ kind: 'location', id: created.id }]);
        await publishLocationAliases(tx.persistence, [created.id]);
        await recordEvent(tx, 'location.created', { locationId: created.id, contentId, parentLocationId: parent.id });
        return created;
      }),

    updateLocation: (locationId, struct: LocationUpdateStruct) =>
      underLock(context, [{ kind: 'location', id: locationId }], async (tx) => {
        const location = await requireIn(tx, locationId);
        await tx.guard.assert(
          'content',
          'edit',
          { kind: 'content', contentInfo: location.contentInfo, locationIds: [locationId] },
          { locationId },
        );
        const updated = await tx.persistence.locationHandler.update(locationId, struct);
        await recordEvent(tx, 'location.updated', { locationId });
        return updated;
      }),

    moveSubtree: (locationId, newParentId) => moveSubtree(context, locationId, newParentId),
    copySubtree: (locationId, targetId) => copySubtree(context, locationId, targetId),
    swapLocation: (locationId, otherId) => swapLocation(context, locationId, otherId),
    hideLocation: (locationId) => setHidden(locationId, true),
    unhideLocation: (locationId) => setHidden(locationId, false),

    /**
     * Locks every location of the subtree, the parent and the content items in the subtree (see
     * `subtreeRemovalTargets`); each item's `content/remove` is checked before the transaction, and again inside
     * for an item that entered the subtree in between.
     */
    async deleteLocation(locationId) {
      const location = await require(locationId);
      if (location.depth === 0) throw new BadStateError('$location', 'The root Location cannot be deleted', 'location.root');
      const target = { kind: 'content', contentInfo: location.contentInfo, locationIds: [locationId] } as const;
      await context.guard.assert('content', 'manage_locations', target, { locationId });
      await context.guard.assert('content', 'remove', target, { locationId });
      const assertRemovable = subtreeRemovalCheck();
      await assertRemovable(context, locationId);
      const removedImages: StoredImageFile[] = [];
      await underDiscoveredLocks(
        context,
        (persistence) => subtreeRemovalTargets(persistence, [locationId]),
        async (tx) => {
          removedImages.length = 0; // a retried transaction starts over
          await requireIn(tx, locationId);
          await assertRemovable(tx, locationId);
          await removeSubtrees(tx.persistence, [locationId], removedImages);
          await recordEvent(tx, 'location.deleted', { locationId, contentId: location.contentId });
        },
      );
      await deleteImageVariations(context, removedImages);
      // A deleted location may have been a user's place in a group: drop every cached role set, as users inherit
      // their groups' roles.
      context.permissionCache.invalidate();
    },
  };

  /** Locks every location of the subtree: their `invisible` follows. */
  function setHidden(locationId: number, hidden: boolean): Promise<Location> {
    return underDiscoveredLocks(
      context,
      (persistence) => subtreeLocationTargets(persistence, [locationId]),
      async (tx) => {
        const location = await requireIn(tx, locationId);
        await tx.guard.assert(
          'content',
          'hide',
          { kind: 'content', contentInfo: location.contentInfo, locationIds: [locationId] },
          { locationId },
        );
        await tx.persistence.locationHandler.setHidden(locationId, hidden);
        await recordEvent(tx, hidden ? 'location.hidden' : 'location.unhidden', { locationId });
        return requireIn(tx, locationId);
      },
    );
  }

  return service;
}
