import type { URLWildcard } from '../../api/values/url-alias.js';
import type { BookmarkHandler } from '../../spi/bookmark-handler.js';
import type { UrlAliasHandler, UrlAliasRecord } from '../../spi/url-alias-handler.js';
import type { UrlWildcardHandler } from '../../spi/url-wildcard-handler.js';
import { aliasKey, nextManagementId } from './in-memory-management-state.js';
import type { InMemoryState, StateHolder } from './in-memory-state.js';

const page = <T>(items: readonly T[], offset: number, limit: number): T[] => items.slice(offset, limit < 0 ? undefined : offset + limit);

/** In-memory UrlAliasHandler: entries keyed by (parentId, textMd5). */
export function createInMemoryUrlAliasHandler(holder: StateHolder): UrlAliasHandler {
  const entries = (): UrlAliasRecord[] => [...holder.state.management.urlAliases.values()];
  const byNode = (ids: ReadonlySet<number>): UrlAliasRecord[] => entries().filter((entry) => ids.has(entry.id));
  return {
    loadEntry: async (parentId, textMd5) => holder.state.management.urlAliases.get(aliasKey(parentId, textMd5)) ?? null,
    loadByNodeIds: async (nodeIds) => byNode(new Set(nodeIds)),
    async loadAncestry(nodeIds) {
      const ids = new Set(nodeIds);
      let grown = true;
      while (grown) {
        grown = false;
        for (const entry of byNode(ids)) {
          if (entry.parentId !== 0 && !ids.has(entry.parentId)) {
            ids.add(entry.parentId);
            grown = true;
          }
        }
      }
      return byNode(ids);
    },
    loadLocationEntries: async (locationIds, custom) =>
      entries().filter((entry) => entry.target.kind === 'location' && locationIds.includes(entry.target.locationId) && entry.isCustom === custom),
    loadResourceEntries: async (offset, limit) =>
      page(entries().filter((entry) => entry.target.kind === 'resource').sort((a, b) => a.id - b.id), offset, limit),
    hasChildren: async (nodeId) => entries().some((entry) => entry.parentId === nodeId),
    async save(record) {
      holder.state.management.urlAliases.set(aliasKey(record.parentId, record.textMd5), { ...record, languageCodes: [...record.languageCodes] });
    },
    async claim(record) {
      const current = holder.state.management.urlAliases.get(aliasKey(record.parentId, record.textMd5));
      if (current && current.id !== record.id && (current.isOriginal || current.target.kind === 'virtual')) return false;
      holder.state.management.urlAliases.set(aliasKey(record.parentId, record.textMd5), { ...record, languageCodes: [...record.languageCodes] });
      return true;
    },
    async deleteEntry(parentId, textMd5) {
      holder.state.management.urlAliases.delete(aliasKey(parentId, textMd5));
    },
    nextNodeId: async () => nextManagementId(holder.state.management, 'urlAliasNode', entries().map((entry) => entry.id)),
    async deleteLocationAliases(locationIds) {
      const doomed = new Set(
        entries()
          .filter((entry) => entry.target.kind === 'location' && locationIds.includes(entry.target.locationId))
          .map((entry) => entry.id),
      );
      let grown = true;
      while (grown) {
        grown = false;
        for (const entry of entries()) {
          if (doomed.has(entry.parentId) && !doomed.has(entry.id)) {
            doomed.add(entry.id);
            grown = true;
          }
        }
      }
      for (const entry of entries()) {
        if (doomed.has(entry.id)) holder.state.management.urlAliases.delete(aliasKey(entry.parentId, entry.textMd5));
      }
    },
  };
}

/** In-memory UrlWildcardHandler. */
export function createInMemoryUrlWildcardHandler(holder: StateHolder): UrlWildcardHandler {
  const s = (): InMemoryState => holder.state;
  const all = (): URLWildcard[] => [...s().management.wildcards.values()].sort((a, b) => a.id - b.id);
  return {
    async create(wildcard) {
      const created = { id: nextManagementId(s().management, 'wildcard'), ...wildcard };
      s().management.wildcards.set(created.id, created);
      return created;
    },
    load: async (id) => s().management.wildcards.get(id) ?? null,
    loadBySourceUrl: async (sourceUrl) => all().find((wildcard) => wildcard.sourceUrl === sourceUrl) ?? null,
    loadAll: async (offset, limit) => page(all(), offset, limit),
    remove: async (id) => {
      s().management.wildcards.delete(id);
    },
  };
}

/** In-memory BookmarkHandler: location ids per user. */
export function createInMemoryBookmarkHandler(holder: StateHolder): BookmarkHandler {
  const of = (userId: number): Set<number> => {
    let set = holder.state.management.bookmarks.get(userId);
    if (!set) {
      set = new Set();
      holder.state.management.bookmarks.set(userId, set);
    }
    return set;
  };
  return {
    create: async (userId, locationId) => {
      of(userId).add(locationId);
    },
    delete: async (userId, locationId) => {
      of(userId).delete(locationId);
    },
    async loadUserBookmarks(userId, offset, limit) {
      const ids = [...of(userId)].sort((a, b) => a - b);
      return { totalCount: ids.length, locationIds: page(ids, offset, limit) };
    },
    loadBookmarked: async (userId, locationIds) => new Set(locationIds.filter((id) => of(userId).has(id))),
    async loadUserIdsByLocations(locationIds) {
      const users = [...holder.state.management.bookmarks].filter(([, set]) => locationIds.some((id) => set.has(id)));
      return users.map(([userId]) => userId).sort((a, b) => a - b);
    },
    async deleteByLocations(locationIds) {
      for (const set of holder.state.management.bookmarks.values()) for (const id of locationIds) set.delete(id);
    },
    async swapLocations(first, second) {
      for (const set of holder.state.management.bookmarks.values()) {
        const hasFirst = set.has(first);
        const hasSecond = set.has(second);
        if (hasFirst === hasSecond) continue;
        set.delete(hasFirst ? first : second);
        set.add(hasFirst ? second : first);
      }
    },
  };
}
