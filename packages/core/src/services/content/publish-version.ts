import type { Content, ContentInfo } from '../../api/values/content.js';
import { assertVersionTransition } from '../../domain/version/transitions.js';
import { NotFoundError } from '../../errors/repository-error.js';
import type { PersistenceHandler } from '../../spi/persistence-handler.js';
import type { ServiceContext } from '../service-context.js';
import { loadContentTypeValue } from '../content-types/create-content-type-service.js';
import { loadStoredContent, toContent } from './content-reads.js';
import { assertLoginAvailable, indexDocument, syncUserAccount, userAccountValue } from './content-writes-support.js';
import { validateFieldValues, valuesFromStorage } from './content-field-values.js';
import { publishLocationAliases } from '../url-aliases/location-aliases.js';

/**
 * Publishes a draft (Ibexa `publishVersion`): the version becomes PUBLISHED and the previously published one
 * ARCHIVED (one transition of the table in `domain/version/transitions.ts`). A first publication creates the
 * pending locations (the first becomes the main location). The user account of a user item and the search index
 * follow the published version. All in one transaction.
 *
 * @throws NotFoundError unknown item or version, or a pending parent location that disappeared.
 * @throws BadStateError (`version.notDraft`) when the version is not a draft.
 * @throws ContentFieldValidationError when required fields are empty or values invalid.
 * @throws UnauthorizedError without `content/publish`.
 */
export async function publishVersion(context: ServiceContext, contentId: number, versionNo: number): Promise<Content> {
  const stored = await loadStoredContent(context, contentId, versionNo);
  const { contentInfo } = stored;
  assertVersionTransition('publish', stored.versionInfo.status, 1);
  await context.guard.assert(
    'content',
    'publish',
    { kind: 'content', contentInfo, languageCodes: stored.versionInfo.languageCodes, versionStatus: 'DRAFT' },
    { contentId },
  );

  const contentType = await loadContentTypeValue(context, contentInfo.contentTypeId);
  const values = valuesFromStorage(context.fieldTypes, stored.fields);
  validateFieldValues(context.fieldTypes, contentType, values, stored.versionInfo.languageCodes);
  const account = userAccountValue(contentType, values, contentInfo.mainLanguageCode);
  if (account) await assertLoginAvailable(context.persistence, account.login, contentId);

  const date = context.clock.now();
  const published = await context.persistence.transaction(async (tx) => {
    let info = await tx.contentHandler.publish(contentId, versionNo, {
      name: stored.versionInfo.names[contentInfo.mainLanguageCode] ?? contentInfo.name,
      date,
    });
    if (contentInfo.status === 'DRAFT') info = await createPendingLocations(tx, info);
    else await publishLocationAliases(tx, (await tx.locationHandler.loadByContent(contentId)).map((location) => location.id));
    if (account) await syncUserAccount(tx, info, account);
    await tx.searchHandler.indexContent(indexDocument(context, contentType, contentId, versionNo, values));
    return info;
  });
  // The fields did not change: the published Content is the draft's, with the new statuses.
  return toContent(context, {
    contentInfo: published,
    versionInfo: { ...stored.versionInfo, status: 'PUBLISHED', modificationDate: date },
    fields: stored.fields,
  });
}

/** Turns the pending locations of a first publication into locations (with their URL aliases); the first becomes the main one. */
export async function createPendingLocations(tx: PersistenceHandler, contentInfo: ContentInfo): Promise<ContentInfo> {
  const pending = await tx.contentHandler.loadPendingLocations(contentInfo.id);
  const created: number[] = [];
  for (const location of pending) {
    if (!(await tx.locationHandler.load(location.parentLocationId))) throw NotFoundError.location(location.parentLocationId);
    created.push((await tx.locationHandler.create({ contentId: contentInfo.id, ...location })).id);
  }
  await tx.contentHandler.deletePendingLocations(contentInfo.id);
  const [mainLocationId] = created;
  const info = mainLocationId === undefined ? contentInfo : await tx.contentHandler.updateMetadata(contentInfo.id, { mainLocationId });
  await publishLocationAliases(tx, created);
  return info;
}
