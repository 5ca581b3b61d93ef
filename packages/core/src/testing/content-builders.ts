import type { Repository } from '../api/services/repository.js';

/** A published folder and where it lives. */
export interface PublishedFolder {
  readonly contentId: number;
  readonly locationId: number;
  readonly pathString: string;
}

/**
 * Creates and publishes a folder named `name` (and `translations`, e.g. `{ 'pol-PL': 'Folder' }`) below
 * `parentLocationId` through the services (test-data builder).
 */
export async function publishFolder(
  repository: Repository,
  name: string,
  parentLocationId: number,
  translations: Readonly<Record<string, string>> = {},
): Promise<PublishedFolder> {
  const draft = await repository.contentService.createContent(
    {
      contentTypeId: 1,
      mainLanguageCode: 'eng-GB',
      fields: [
        { fieldDefIdentifier: 'name', value: name },
        ...Object.entries(translations).map(([languageCode, value]) => ({ fieldDefIdentifier: 'name', languageCode, value })),
      ],
    },
    [{ parentLocationId }],
  );
  const published = await repository.contentService.publishVersion(draft.contentInfo.id, 1);
  const locationId = published.contentInfo.mainLocationId ?? 0;
  const location = await repository.locationService.loadLocation(locationId);
  return { contentId: draft.contentInfo.id, locationId, pathString: location.pathString };
}

/** Publishes a new version of a folder with a new name (in eng-GB, or `languageCode`). */
export async function renameFolder(repository: Repository, contentId: number, name: string, languageCode = 'eng-GB'): Promise<void> {
  const draft = await repository.contentService.createContentDraft(contentId);
  await repository.contentService.updateContent(contentId, draft.versionInfo.versionNo, {
    fields: [{ fieldDefIdentifier: 'name', languageCode, value: name }],
  });
  await repository.contentService.publishVersion(contentId, draft.versionInfo.versionNo);
}
