import type { Repository } from '../api/services/repository.js';
import { installCleanRepository } from '../clean-install/install.js';
import { createDefaultFieldTypeRegistry } from '../field-types/registry.js';
import { createRepository } from '../services/create-repository.js';
import type { BinaryStorage } from '../spi/binary-storage.js';
import type { PublishedEvent } from '../spi/domain-events.js';
import type { PersistenceHandler } from '../spi/persistence-handler.js';
import type { Clock, SessionStore } from '../spi/ports.js';
import { createInMemoryBinaryStorage, createInMemoryPersistence, createPlainTextPasswordHasher } from './in-memory/index.js';

/** Options of {@link createTestRepository}. */
export interface TestRepositoryOptions {
  /** Languages besides eng-GB. */
  readonly languages?: readonly string[];
  readonly clock?: Clock;
}

/** A repository on in-memory ports, seeded with the clean-install data. */
export interface TestRepository {
  /** Acting as the anonymous user (10). */
  readonly anonymous: Repository;
  /** Acting as admin (14). */
  readonly admin: Repository;
  readonly persistence: PersistenceHandler;
  readonly storage: BinaryStorage & { readonly files: ReadonlyMap<string, Uint8Array> };
  readonly sessions: SessionStore;
  /** The domain events committed so far (the clean install's included), numbered from 1 in commit order. */
  readonly events: () => readonly PublishedEvent[];
}

/**
 * Builds a repository on the in-memory persistence and storage, seeded with the clean install (admin password
 * `publish`, hashed with the test-only plain-text hasher), with no permission caching.
 */
export async function createTestRepository(options: TestRepositoryOptions = {}): Promise<TestRepository> {
  const fieldTypes = createDefaultFieldTypeRegistry();
  const { persistence, seedImporter, sessions, publishedEvents } = createInMemoryPersistence({ fieldTypes });
  const storage = createInMemoryBinaryStorage();
  const passwordHasher = createPlainTextPasswordHasher();
  await installCleanRepository({ persistence, seedImporter, fieldTypes, passwordHasher, languages: options.languages ?? [] });
  const anonymous = createRepository({
    persistence,
    storage,
    passwordHasher,
    fieldTypes,
    permissionCacheTtlMs: 0,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return { anonymous, admin: anonymous.forUser({ userId: 14 }), persistence, storage, sessions, events: publishedEvents };
}
