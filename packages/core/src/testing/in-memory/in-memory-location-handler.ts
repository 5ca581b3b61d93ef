import type { Location, LocationRecord } from '../../api/values/location.js';
import { sameRemoteId } from '../../domain/rules/remote-id.js';
import { InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { LocationHandler } from '../../spi/location-handler.js';
import { nextId, type InMemoryState, ROOT_CONTENT_INFO, type StateHolder } from './in-memory-state.js';

/** In-memory LocationHandler: locations carry their ContentInfo; subtree operations follow pathString. */
export function createInMemoryLocationHandler(holder: StateHolder): LocationHandler {
  const s = (): InMemoryState => holder.state;

  const withContent = (record: LocationRecord): Location | null => {
    const contentInfo = record.contentId === 0 ? ROOT_CONTENT_INFO : s().contents.get(record.contentId);
    return contentInfo ? { ...record, contentInfo } : null;
  };
  const subtree = (root: LocationRecord): LocationRecord[] =>
    [...s().locations.values()].filter((location) => location.pathString.startsWith(root.pathString));
  const assertRemoteIdFree = (remoteId: string, locationId: number | null): void => {
    for (const location of s().locations.values()) {
      if (sameRemoteId(location.remoteId, remoteId) && location.id !== locationId) {
        throw new InvalidArgumentError('remoteId', `Location with remoteId '${remoteId}' already exists`);
      }
    }
  };
  /** Recomputes `invisible` top-down for the subtree of `root` (hidden itself, content hidden, or parent invisible). */
  const refreshVisibility = (root: LocationRecord): void => {
    const ordered = subtree(root).sort((a, b) => a.depth - b.depth);
    for (const location of ordered) {
      const parent = s().locations.get(location.parentLocationId);
      const parentInvisible = parent && parent.id !== location.id ? parent.invisible : false;
      const contentHidden = s().contents.get(location.contentId)?.isHidden ?? false;
      s().locations.set(location.id, { ...location, invisible: location.hidden || contentHidden || parentInvisible });
    }
  };
  const require = (locationId: number): LocationRecord => {
    const location = s().locations.get(locationId);
    if (!location) throw new Error(`Location ${locationId} does not exist`);
    return location;
  };

  return {
    load: async (locationId) => {
      const record = s().locations.get(locationId);
      return record ? withContent(record) : null;
    },
    loadByRemoteId: async (remoteId) => {
      const record = [...s().locations.values()].find((location) => sameRemoteId(location.remoteId, remoteId));
      return record ? withContent(record) : null;
    },
    loadList: async (ids) =>
      ids.flatMap((id) => {
        const record = s().locations.get(id);
        return (record && withContent(record)) || [];
      }),
    loadByContent: async (contentId) =>
      [...s().locations.values()]
        .filter((location) => location.contentId === contentId && location.id !== 1)
        .sort((a, b) => a.id - b.id)
        .flatMap((record) => withContent(record) ?? []),
    countChildren: async (ids) =>
      new Map(
        ids.map((id) => [id, [...s().locations.values()].filter((l) => l.parentLocationId === id && l.id !== id).length]),
      ),
    async create(record) {
      assertRemoteIdFree(record.remoteId, null);
      const parent = s().locations.get(record.parentLocationId);
      if (!parent) throw NotFoundError.location(record.parentLocationId);
      const id = nextId(s(), 'location');
      const contentHidden = s().contents.get(record.contentId)?.isHidden ?? false;
      const location: LocationRecord = {
        id,
        parentLocationId: parent.id,
        contentId: record.contentId,
        pathString: `${parent.pathString}${id}/`,
        depth: parent.depth + 1,
        priority: record.priority,
        hidden: record.hidden,
        invisible: record.hidden || contentHidden || parent.invisible,
        remoteId: record.remoteId,
        sortField: record.sortField,
        sortOrder: record.sortOrder,
      };
      s().locations.set(id, location);
      const created = withContent(location);
      if (!created) throw new Error(`Content ${record.contentId} does not exist`);
      return created;
    },
    async update(locationId, patch) {
      if (patch.remoteId !== undefined) assertRemoteIdFree(patch.remoteId, locationId);
      const current = require(locationId);
      const next: LocationRecord = {
        ...current,
        ...(patch.priority === undefined ? {} : { priority: patch.priority }),
        ...(patch.remoteId === undefined ? {} : { remoteId: patch.remoteId }),
        ...(patch.sortField === undefined ? {} : { sortField: patch.sortField }),
        ...(patch.sortOrder === undefined ? {} : { sortOrder: patch.sortOrder }),
      };
      s().locations.set(locationId, next);
      const updated = withContent(next);
      if (!updated) throw new Error(`Content ${next.contentId} does not exist`);
      return updated;
    },
    async setHidden(locationId, hidden) {
      const location = { ...require(locationId), hidden };
      s().locations.set(locationId, location);
      refreshVisibility(location);
    },
    async setContentHidden(contentId, hidden) {
      const content = s().contents.get(contentId);
      if (content) s().contents.set(contentId, { ...content, isHidden: hidden });
      for (const location of [...s().locations.values()].filter((l) => l.contentId === contentId)) refreshVisibility(location);
    },
    loadSubtreeContentIds: async (locationId) =>
      [...new Set(subtree(require(locationId)).map((l) => l.contentId))].filter((contentId) => contentId !== 0),
    async loadSubtreeIds(locationId) {
      const root = s().locations.get(locationId);
      if (!root) return [];
      return subtree(root)
        .sort((a, b) => (a.pathString < b.pathString ? -1 : a.pathString > b.pathString ? 1 : 0))
        .map((location) => location.id);
    },
    async move(locationId, newParentId) {
      const moved = require(locationId);
      const parent = require(newParentId);
      const newPath = `${parent.pathString}${moved.id}/`;
      const depthShift = parent.depth + 1 - moved.depth;
      for (const location of subtree(moved)) {
        s().locations.set(location.id, {
          ...location,
          parentLocationId: location.id === moved.id ? parent.id : location.parentLocationId,
          pathString: newPath + location.pathString.slice(moved.pathString.length),
          depth: location.depth + depthShift,
        });
      }
      refreshVisibility(require(locationId));
    },
    async swap(locationId, otherLocationId) {
      const first = require(locationId);
      const second = require(otherLocationId);
      s().locations.set(first.id, { ...first, contentId: second.contentId });
      s().locations.set(second.id, { ...second, contentId: first.contentId });
      refreshVisibility(require(first.id));
      refreshVisibility(require(second.id));
    },
    async deleteSubtree(locationId) {
      const removed = subtree(require(locationId));
      const result = removed.flatMap((record) => withContent(record) ?? []);
      for (const location of removed) s().locations.delete(location.id);
      return result;
    },
  };
}
