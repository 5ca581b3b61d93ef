import { createDefaultFieldTypeRegistry, createRepository, installCleanRepository, type Repository } from '@contentrepo/core';
import { createPlainTextPasswordHasher } from '@contentrepo/core/testing';
import type { TestStore } from './test-stores.js';

/** Content id of the clean install's administrator. */
const ADMIN = 14;

/**
 * Seeds the clean install into an empty (migrated, unseeded) test store and returns `nodes` repositories on it
 * acting as the administrator, each with its own caches (permission sets not cached), as separate server nodes
 * sharing one database would be.
 */
export async function cleanRepositoriesOn(store: TestStore, nodes = 1): Promise<Repository[]> {
  const fieldTypes = createDefaultFieldTypeRegistry();
  const passwordHasher = createPlainTextPasswordHasher();
  await installCleanRepository({ persistence: store.persistence, seedImporter: store.seedImporter, fieldTypes, passwordHasher });
  return Array.from({ length: nodes }, () =>
    createRepository({ persistence: store.persistence, storage: store.storage, passwordHasher, fieldTypes, permissionCacheTtlMs: 0 }).forUser({
      userId: ADMIN,
    }),
  );
}
