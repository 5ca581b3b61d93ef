import { describe, expect, it } from '@jest/globals';
import type { Repository } from '../../api/services/repository.js';
import { installCleanRepository } from '../../clean-install/install.js';
import { createDefaultFieldTypeRegistry } from '../../field-types/registry.js';
import { createInMemoryBinaryStorage, createInMemoryPersistence, createPlainTextPasswordHasher } from '../../testing/in-memory/index.js';
import { createRepository } from '../create-repository.js';
import { PermissionCache } from './permission-cache.js';

/** A clean repository whose role sets are cached for an hour: only invalidation can make changes visible. */
async function cachedRepository(): Promise<{ admin: Repository; anonymous: Repository }> {
  const { persistence, seedImporter } = createInMemoryPersistence();
  const passwordHasher = createPlainTextPasswordHasher();
  const fieldTypes = createDefaultFieldTypeRegistry();
  await installCleanRepository({ persistence, seedImporter, fieldTypes, passwordHasher });
  const anonymous = createRepository({ persistence, storage: createInMemoryBinaryStorage(), passwordHasher, fieldTypes, permissionCacheTtlMs: 3_600_000 });
  return { anonymous, admin: anonymous.forUser({ userId: 14 }) };
}

describe('PermissionCache', () => {
  it('keeps a load for its TTL, forgets it on invalidate, and does not keep failed loads', async () => {
    let time = 0;
    const cache = new PermissionCache(100, () => time);
    let loads = 0;
    const load = async () => ({ userId: 1, groupIds: [], grants: [], loads: (loads += 1) });
    await cache.get(1, load);
    await cache.get(1, load);
    expect(loads).toBe(1);
    time = 101;
    await cache.get(1, load);
    expect(loads).toBe(2);
    cache.invalidate(1);
    await cache.get(1, load);
    expect(loads).toBe(3);
    await expect(cache.get(2, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await cache.get(2, load);
    expect(loads).toBe(4);
  });
});

describe('PermissionCache sharing', () => {
  it('never hands out a load in progress, and does not keep a load that an invalidation overtook', async () => {
    const cache = new PermissionCache(60_000);
    let finish: () => void = () => undefined;
    const pending = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const slow = cache.get(1, async () => {
      await pending;
      return { userId: 1, groupIds: [1], grants: [] };
    });
    // A second caller does not wait for the first load: it loads for itself.
    expect(await cache.get(1, async () => ({ userId: 1, groupIds: [2], grants: [] }))).toMatchObject({ groupIds: [2] });
    cache.invalidate(1);
    finish();
    expect(await slow).toMatchObject({ groupIds: [1] });
    // The first load finished after the invalidation: it was not kept.
    expect(await cache.get(1, async () => ({ userId: 1, groupIds: [3], grants: [] }))).toMatchObject({ groupIds: [3] });
  });
});

describe('permission changes take effect at once although role sets are cached', () => {
  const canEdit = (repository: Repository) => repository.permissionResolver.hasAccess('content', 'edit');

  it('after an assignment and its removal', async () => {
    const { admin, anonymous } = await cachedRepository();
    expect(await canEdit(anonymous)).toBe(false);
    const assignment = await admin.roleService.assignRoleToUser(3, 10);
    expect(await canEdit(anonymous)).toBe(true);
    await admin.roleService.removeRoleAssignment(assignment.id);
    expect(await canEdit(anonymous)).toBe(false);
  });

  it('after a role draft is published and after a role is deleted', async () => {
    const { admin, anonymous } = await cachedRepository();
    expect(await canEdit(anonymous)).toBe(false);
    await admin.roleService.addPolicy(1, { module: 'content', function: 'edit' });
    expect(await canEdit(anonymous)).toBe(true);
    await admin.roleService.deleteRole(1);
    expect(await anonymous.permissionResolver.hasAccess('content', 'read')).toBe(false);
  });

  it('after group membership changes and group moves', async () => {
    const { admin, anonymous } = await cachedRepository();
    expect(await canEdit(anonymous)).toBe(false);
    await admin.userService.assignUserToUserGroup(10, 12);
    expect(await anonymous.permissionResolver.hasAccess('content', 'edit')).toBe(true);
    await admin.userService.unAssignUserFromUserGroup(10, 12);
    expect(await canEdit(anonymous)).toBe(false);
    // Moving the Anonymous users group (42) below Administrator users (12) makes its members administrators.
    await admin.userService.moveUserGroup(42, 12);
    expect(await canEdit(anonymous)).toBe(true);
  });
});
