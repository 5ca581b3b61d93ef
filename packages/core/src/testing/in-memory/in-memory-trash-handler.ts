import type { LocationRecord } from '../../api/values/location.js';
import type { TrashItem } from '../../api/values/trash.js';
import { remoteIdKey } from '../../domain/rules/remote-id.js';
import { NotFoundError } from '../../errors/repository-error.js';
import { newRemoteId } from '../../services/ids.js';
import type { TrashHandler } from '../../spi/trash-handler.js';
import type { TrashRecord } from './in-memory-management-state.js';
import type { InMemoryState, StateHolder } from './in-memory-state.js';

/** In-memory TrashHandler (reference behaviour of the SPI docstrings). */
export function createInMemoryTrashHandler(holder: StateHolder): TrashHandler {
  const s = (): InMemoryState => holder.state;
  const trash = (): Map<number, TrashRecord> => s().management.trash;

  const toItem = (record: TrashRecord): TrashItem | null => {
    const contentInfo = s().contents.get(record.contentId);
    if (!contentInfo) return null;
    const { rootId: _rootId, ...location } = record;
    const childCount = [...trash().values()].filter((other) => other.parentLocationId === record.id && other.id !== record.id).length;
    return { ...location, contentInfo, childCount };
  };
  const setContent = (contentId: number, patch: { status: 'TRASHED' | 'PUBLISHED'; mainLocationId: number }): void => {
    const content = s().contents.get(contentId);
    if (content) s().contents.set(contentId, { ...content, ...patch });
  };

  return {
    async trashSubtree(locationId, trashed) {
      const root = s().locations.get(locationId);
      if (!root) throw NotFoundError.location(locationId);
      const inside = (location: LocationRecord): boolean => location.pathString.startsWith(root.pathString);
      const subtree = [...s().locations.values()].filter(inside).sort((a, b) => (a.pathString < b.pathString ? -1 : 1));
      for (const record of trash().values()) if (record.rootId === locationId) trash().set(record.id, { ...record, rootId: record.id });
      const subtreeIds = new Set(subtree.map((location) => location.id));
      for (const contentId of new Set(subtree.map((location) => location.contentId))) {
        const content = s().contents.get(contentId);
        if (!content) continue;
        const outside = [...s().locations.values()].filter((location) => location.contentId === contentId && !inside(location)).sort((a, b) => a.id - b.id);
        const [firstOutside] = outside;
        if (firstOutside) {
          if (content.mainLocationId !== null && subtreeIds.has(content.mainLocationId)) s().contents.set(contentId, { ...content, mainLocationId: firstOutside.id });
          continue;
        }
        const last = subtree.filter((location) => location.contentId === contentId).at(-1);
        if (!last) continue;
        trash().set(last.id, { ...last, rootId: locationId, trashed });
        setContent(contentId, { status: 'TRASHED', mainLocationId: last.id });
      }
      for (const location of subtree) s().locations.delete(location.id);
      const rootRecord = trash().get(locationId);
      return { trashItem: rootRecord ? toItem(rootRecord) : null, removedLocationIds: subtree.map((location) => location.id) };
    },

    async loadTrashItem(trashItemId) {
      const record = trash().get(trashItemId);
      return record ? toItem(record) : null;
    },

    async findTrashItems(offset, limit) {
      const records = [...trash().values()].sort((a, b) => a.id - b.id);
      const items = records.slice(offset, limit < 0 ? undefined : offset + limit).flatMap((record) => toItem(record) ?? []);
      return { totalCount: records.length, items };
    },

    async recover(trashItemId, newParentId) {
      const item = trash().get(trashItemId);
      if (!item) throw new NotFoundError('TrashItem', trashItemId);
      const parent = s().locations.get(newParentId);
      if (!parent) throw NotFoundError.location(newParentId);
      const restored: TrashRecord[] = [item];
      const ids = new Set([item.id]);
      for (let index = 0; index < restored.length; index += 1) {
        const current = restored[index];
        for (const record of trash().values()) {
          if (current && record.parentLocationId === current.id && record.rootId === item.rootId && !ids.has(record.id)) {
            ids.add(record.id);
            restored.push(record);
          }
        }
      }
      restored.sort((a, b) => a.depth - b.depth || (a.pathString < b.pathString ? -1 : 1));
      const oldParentPath = item.pathString.slice(0, item.pathString.length - `${item.id}/`.length);
      const depthShift = parent.depth + 1 - item.depth;
      const takenRemoteIds = new Set([...s().locations.values()].map((location) => remoteIdKey(location.remoteId)));
      for (const record of restored) {
        const { rootId: _rootId, trashed: _trashed, ...row } = record;
        const parentId = record.id === item.id ? parent.id : record.parentLocationId;
        const parentRow = s().locations.get(parentId);
        const contentHidden = s().contents.get(record.contentId)?.isHidden ?? false;
        s().locations.set(record.id, {
          ...row,
          parentLocationId: parentId,
          pathString: parent.pathString + record.pathString.slice(oldParentPath.length),
          depth: record.depth + depthShift,
          invisible: record.hidden || contentHidden || (parentRow ? parentRow.hidden || parentRow.invisible : false),
          remoteId: takenRemoteIds.has(remoteIdKey(record.remoteId)) ? newRemoteId() : record.remoteId,
        });
        setContent(record.contentId, { status: 'PUBLISHED', mainLocationId: record.id });
        trash().delete(record.id);
      }
      return restored.map((record) => record.id);
    },

    async deleteTrashItem(trashItemId) {
      const record = trash().get(trashItemId);
      if (!record) return null;
      trash().delete(trashItemId);
      return record.contentId;
    },

    async emptyTrash() {
      const contentIds = [...trash().values()].sort((a, b) => a.id - b.id).map((record) => record.contentId);
      trash().clear();
      return contentIds;
    },

    async deleteTrashItemsOfContent(contentIds) {
      for (const record of [...trash().values()]) if (contentIds.includes(record.contentId)) trash().delete(record.id);
    },
  };
}
