import type { PendingLocation } from '../../api/values/content.js';
import { buildCleanInstallSeed } from '../../clean-install/build-seed.js';
import { createDefaultFieldTypeRegistry } from '../../field-types/registry.js';
import type { ContentCreateRecord, NewField } from '../../spi/content-handler.js';
import type { PersistenceHandler } from '../../spi/persistence-handler.js';
import type { SeedImporter } from '../../spi/seed.js';
import type { TestRunner } from '../test-runner.js';

/** A persistence implementation under test, freshly created and empty (migrated, not seeded). */
export interface PersistenceUnderTest {
  readonly persistence: PersistenceHandler;
  readonly seedImporter: SeedImporter;
  close(): Promise<void>;
}

/** Creates a store for the enclosing `describe` (hooks of `runner`), seeded with the clean-install data, closed after it. */
export function seededStore(runner: TestRunner, create: () => Promise<PersistenceUnderTest>): () => PersistenceHandler {
  const { afterAll, beforeAll } = runner;
  let store: PersistenceUnderTest | undefined;
  beforeAll(async () => {
    store = await create();
    await store.seedImporter.import(
      buildCleanInstallSeed({ fieldTypes: createDefaultFieldTypeRegistry(), adminPasswordHash: 'hash:publish', languages: ['eng-GB', 'pol-PL'] }),
    );
  });
  afterAll(async () => {
    await store?.close();
  });
  return () => {
    if (!store) throw new Error('store not created yet');
    return store.persistence;
  };
}

let counter = 0;
/** A unique string for remote ids and names. */
export const unique = (prefix: string): string => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

/** A fixed date with second precision (what storage keeps). */
export const at = (iso: string): Date => new Date(iso);

/** Folder `name` field (definition 4 of the clean install) with storage data `text`. */
export function folderName(text: string, languageCode = 'eng-GB', id?: number): NewField {
  return {
    ...(id === undefined ? {} : { id }),
    fieldDefinitionId: 4,
    fieldDefIdentifier: 'name',
    fieldTypeIdentifier: 'ezstring',
    languageCode,
    data: text,
  };
}

/** A pending location under `parentLocationId`. */
export function pending(parentLocationId: number, overrides: Partial<PendingLocation> = {}): PendingLocation {
  return { parentLocationId, priority: 0, hidden: false, remoteId: unique('loc'), sortField: 'PATH', sortOrder: 'ASC', ...overrides };
}

/** A ContentCreateRecord of a folder named `name` (owner and creator 14, section 1). */
export function folderRecord(name: string, overrides: Partial<ContentCreateRecord> = {}): ContentCreateRecord {
  return {
    contentTypeId: 1,
    sectionId: 1,
    ownerId: 14,
    alwaysAvailable: true,
    remoteId: unique('content'),
    mainLanguageCode: 'eng-GB',
    name,
    modificationDate: at('2024-01-10T10:00:00Z'),
    creatorId: 14,
    initialLanguageCode: 'eng-GB',
    languageCodes: ['eng-GB'],
    names: { 'eng-GB': name },
    fields: [folderName(name)],
    relations: [],
    pendingLocations: [],
    ...overrides,
  };
}

/** Creates and publishes a folder under `parentLocationId`; returns its content id and location. */
export async function publishedFolder(
  persistence: PersistenceHandler,
  name: string,
  parentLocationId: number,
  overrides: Partial<ContentCreateRecord> = {},
): Promise<{ contentId: number; locationId: number; pathString: string }> {
  return persistence.transaction(async (tx) => {
    const created = await tx.contentHandler.create(folderRecord(name, overrides));
    const contentId = created.contentInfo.id;
    await tx.contentHandler.publish(contentId, 1, { name, date: at('2024-01-10T10:00:00Z') });
    const location = await tx.locationHandler.create({
      contentId,
      parentLocationId,
      priority: 0,
      hidden: false,
      remoteId: unique('loc'),
      sortField: 'PATH',
      sortOrder: 'ASC',
    });
    await tx.contentHandler.updateMetadata(contentId, { mainLocationId: location.id });
    return { contentId, locationId: location.id, pathString: location.pathString };
  });
}
