import type { ContentCreateRecord, PersistenceHandler } from '@contentrepo/core';

let counter = 0;

/** A unique string (remote ids, names). */
export function uniqueId(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}-${process.pid}`;
}

/** A ContentCreateRecord of a folder (type 1 of the small seed) named `name`. */
export function folder(name: string, overrides: Partial<ContentCreateRecord> = {}): ContentCreateRecord {
  return {
    contentTypeId: 1,
    sectionId: 1,
    ownerId: 14,
    alwaysAvailable: true,
    remoteId: uniqueId('content'),
    mainLanguageCode: 'eng-GB',
    name,
    modificationDate: new Date('2024-01-01T00:00:00Z'),
    creatorId: 14,
    initialLanguageCode: 'eng-GB',
    languageCodes: ['eng-GB'],
    names: { 'eng-GB': name },
    fields: [{ fieldDefinitionId: 4, fieldDefIdentifier: 'name', fieldTypeIdentifier: 'ezstring', languageCode: 'eng-GB', data: name }],
    relations: [],
    pendingLocations: [],
    ...overrides,
  };
}

/** A published folder with a main location under `parentLocationId`, created in one transaction. */
export async function publishFolder(
  persistence: PersistenceHandler,
  name: string,
  parentLocationId: number,
  overrides: Partial<ContentCreateRecord> & { readonly hidden?: boolean; readonly priority?: number } = {},
): Promise<{ contentId: number; locationId: number; pathString: string }> {
  const { hidden = false, priority = 0, ...record } = overrides;
  return persistence.transaction(async (tx) => {
    const created = await tx.contentHandler.create(folder(name, record));
    const contentId = created.contentInfo.id;
    await tx.contentHandler.publish(contentId, 1, { name, date: record.modificationDate ?? new Date('2024-01-01T00:00:00Z') });
    const location = await tx.locationHandler.create({
      contentId,
      parentLocationId,
      priority,
      hidden,
      remoteId: uniqueId('location'),
      sortField: 'PATH',
      sortOrder: 'ASC',
    });
    await tx.contentHandler.updateMetadata(contentId, { mainLocationId: location.id });
    return { contentId, locationId: location.id, pathString: location.pathString };
  });
}
