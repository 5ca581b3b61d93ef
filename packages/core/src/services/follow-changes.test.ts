import { describe, expect, it } from '@jest/globals';
import type { Repository } from '../api/services/repository.js';
import { installCleanRepository } from '../clean-install/install.js';
import { createDefaultFieldTypeRegistry } from '../field-types/registry.js';
import type { ChangeEvent, ChangeFeed, ChangeListener } from '../spi/change-feed.js';
import { createInMemoryBinaryStorage, createInMemoryPersistence, createPlainTextPasswordHasher } from '../testing/in-memory/index.js';
import { createRepository } from './create-repository.js';
import { PermissionCache } from './permissions/permission-cache.js';

/** A feed the test announces on by hand. */
function manualFeed(): ChangeFeed & { announce(event: ChangeEvent): void; readonly size: number } {
  const listeners = new Set<ChangeListener>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    announce(event) {
      for (const listener of listeners) listener(event);
    },
    get size() {
      return listeners.size;
    },
  };
}

/**
 * Two "nodes" on one store: `writer` (no feed) writes, `reader` follows `feed` with its default (fallback) cache
 * lifetimes, so only an announcement can make it see the writer's changes.
 */
async function twoNodes(): Promise<{ writer: Repository; reader: Repository; feed: ReturnType<typeof manualFeed> }> {
  const { persistence, seedImporter } = createInMemoryPersistence();
  const passwordHasher = createPlainTextPasswordHasher();
  const fieldTypes = createDefaultFieldTypeRegistry();
  await installCleanRepository({ persistence, seedImporter, fieldTypes, passwordHasher });
  const storage = createInMemoryBinaryStorage();
  const feed = manualFeed();
  const writer = createRepository({ persistence, storage, passwordHasher, fieldTypes }).forUser({ userId: 14 });
  const reader = createRepository({ persistence, storage, passwordHasher, fieldTypes, changes: feed });
  return { writer, reader, feed };
}

const FOLDER = 1;

describe('a repository following a change feed', () => {
  it('subscribes once, and drops cached content types when a content type change is announced', async () => {
    const { writer, reader, feed } = await twoNodes();
    expect(feed.size).toBe(1);
    const before = await reader.contentTypeService.loadContentType(FOLDER);
    await writer.contentTypeService.createContentTypeDraft(FOLDER);
    await writer.contentTypeService.updateContentTypeDraft(FOLDER, { names: { 'eng-GB': 'Renamed folder' } });
    await writer.contentTypeService.publishContentTypeDraft(FOLDER);
    // Cached for the fallback lifetime: unrelated announcements change nothing.
    feed.announce({ kind: 'section', id: 1 });
    feed.announce({ kind: 'bookmarks', id: 14 });
    expect((await reader.contentTypeService.loadContentType(FOLDER)).names).toEqual(before.names);
    feed.announce({ kind: 'contentType', id: FOLDER });
    expect((await reader.contentTypeService.loadContentType(FOLDER)).names['eng-GB']).toBe('Renamed folder');
  });

  it("drops every user's permissions when a role change is announced", async () => {
    const { writer, reader, feed } = await twoNodes();
    const canEdit = () => reader.permissionResolver.hasAccess('content', 'edit');
    expect(await canEdit()).toBe(false);
    await writer.roleService.assignRoleToUser(3, reader.anonymousUserId);
    expect(await canEdit()).toBe(false);
    feed.announce({ kind: 'role', id: 3 });
    expect(await canEdit()).toBe(true);
  });

  it('drops everything on a flush', async () => {
    const { writer, reader, feed } = await twoNodes();
    const canEdit = () => reader.permissionResolver.hasAccess('content', 'edit');
    expect(await canEdit()).toBe(false);
    await reader.contentTypeService.loadContentType(FOLDER);
    await writer.roleService.assignRoleToUser(3, reader.anonymousUserId);
    await writer.contentTypeService.createContentTypeDraft(FOLDER);
    await writer.contentTypeService.updateContentTypeDraft(FOLDER, { names: { 'eng-GB': 'Flushed folder' } });
    await writer.contentTypeService.publishContentTypeDraft(FOLDER);
    feed.announce({ kind: 'flush' });
    expect(await canEdit()).toBe(true);
    expect((await reader.contentTypeService.loadContentType(FOLDER)).names['eng-GB']).toBe('Flushed folder');
  });
});

describe('PermissionCache.invalidateSubject (a content change of a user or of a group)', () => {
  const permissions = (userId: number, groupIds: number[]) => async () => ({ userId, groupIds, grants: [] });

  it('drops that user, the members of that group and loads still running; keeps the others', async () => {
    const cache = new PermissionCache(60_000);
    let loads = 0;
    const counted = (userId: number, groupIds: number[]) => async () => {
      loads += 1;
      return permissions(userId, groupIds)();
    };
    await cache.get(14, counted(14, [12, 13]));
    await cache.get(10, counted(10, [42]));
    await cache.get(20, counted(20, [12]));
    let finish: () => void = () => undefined;
    const running = cache.get(30, () => new Promise((resolve) => (finish = () => resolve({ userId: 30, groupIds: [], grants: [] }))));
    cache.invalidateSubject(12);
    finish();
    await running;
    loads = 0;
    await cache.get(14, counted(14, [12, 13]));
    await cache.get(20, counted(20, [12]));
    await cache.get(30, counted(30, []));
    await cache.get(10, counted(10, [42]));
    expect(loads).toBe(3);
    cache.invalidateSubject(10);
    await cache.get(10, counted(10, [42]));
    expect(loads).toBe(4);
  });
});
