import { recordEvents } from '../events/record-event.js';
import type { Content, ContentInfo } from '../../api/values/content.js';
import type { Location } from '../../api/values/location.js';
import { assertVersionTransition } from '../../domain/version/transitions.js';
import type { PersistenceHandler } from '../../spi/persistence-handler.js';
import type { ServiceContext } from '../service-context.js';
import { loadStoredContent, requireContentInfo, toContent } from './content-reads.js';
import { contentTypeForWrite } from './content-type-for-write.js';
import { assertLoginAvailable, indexDocument, syncUserAccount, underContentLock, userAccountValue } from './content-writes-support.js';
import { validateFieldValues, valuesFromStorage } from './content-field-values.js';
import { publishItemLocationAliases, publishLocationAliases, publishNewLocationAliases } from '../url-aliases/location-aliases.js';

/**
 * Publishes a draft (Ibexa `publishVersion`): the version becomes PUBLISHED and the previously published one
 * ARCHIVED (one transition of the table in `domain/version/transitions.ts`). A first publication creates the
 * pending locations (the first becomes the main location). The user account of a user item and the search index
 * follow the published version. All in one transaction, under the item's lock, on the draft as the last
 * committed update left it and the content type as committed (`underContentLock`): an update acknowledged before
 * is published, one after fails (the version is no draft any more).
 *
 * @throws NotFoundError unknown item or version, or a pending parent location that disappeared.
 * @throws BadStateError (`version.notDraft`) when the version is not a draft.
 * @throws ContentFieldValidationError when required fields are empty or values invalid.
 * @throws UnauthorizedError without `content/publish`.
 */
export async function publishVersion(context: ServiceContext, contentId: number, versionNo: number): Promise<Content> {
  return underContentLock(context, await requireContentInfo(context, contentId), async (tx) => {
    const stored = await loadStoredContent(tx, contentId, versionNo);
    const { contentInfo } = stored;
    assertVersionTransition('publish', stored.versionInfo.status, 1);
    await tx.guard.assert(
      'content',
      'publish',
      { kind: 'content', contentInfo, languageCodes: stored.versionInfo.languageCodes, versionStatus: 'DRAFT' },
      { contentId },
    );

    const contentType = await contentTypeForWrite(tx, contentInfo.contentTypeId);
    const values = valuesFromStorage(tx.fieldTypes, stored.fields);
    validateFieldValues(tx.fieldTypes, contentType, values, stored.versionInfo.languageCodes);
    const account = userAccountValue(contentType, values, contentInfo.mainLanguageCode);
    if (account) await assertLoginAvailable(tx.persistence, account.login, contentId);

    const date = tx.clock.now();
    const persistence = tx.persistence;
    let published = await persistence.contentHandler.publish(contentId, versionNo, {
      name: stored.versionInfo.names[contentInfo.mainLanguageCode] ?? contentInfo.name,
      date,
    });
    if (contentInfo.status === 'DRAFT') published = await createPendingLocations(persistence, published, stored.versionInfo.names);
    else {
      const locationIds = (await persistence.locationHandler.loadByContent(contentId)).map((location) => location.id);
      await publishItemLocationAliases(persistence, locationIds, stored.versionInfo.names);
    }
    if (account) await syncUserAccount(persistence, published, account);
    await persistence.searchHandler.indexContent(indexDocument(tx, contentType, contentId, versionNo, values, stored.versionInfo.names));
    await recordEvents(tx, [
      { type: 'content.published', payload: { contentId, versionNo, languageCodes: stored.versionInfo.languageCodes } },
      // Every user is a published item with an account: its first publication creates the user, later ones update it.
      ...(account ? [{ type: contentInfo.status === 'DRAFT' ? 'user.created' : 'user.updated', payload: { userId: contentId } } as const] : []),
    ]);
    // The fields did not change: the published Content is the draft's, with the new statuses.
    return toContent(tx, {
      contentInfo: published,
      versionInfo: { ...stored.versionInfo, status: 'PUBLISHED', modificationDate: date },
      fields: stored.fields,
    });
  });
}

/**
 * Turns the pending locations of a first publication into locations (with their URL aliases); the first becomes
 * the main one. Each parent location is locked first (a new child changes it), so that a concurrent removal or
 * move of the parent either committed before (the parent is then missing: NotFoundError) or waits.
 * `names`: those of the item's current version, when the caller holds them (the aliases then do not read them).
 * @throws NotFoundError when a parent location does not exist (any more).
 */
export async function createPendingLocations(
  tx: PersistenceHandler,
  contentInfo: ContentInfo,
  names?: Readonly<Record<string, string>>,
): Promise<ContentInfo> {
  const pending = await tx.contentHandler.loadPendingLocations(contentInfo.id);
  await tx.lock(pending.map((location) => ({ kind: 'location', id: location.parentLocationId })));
  const created: Location[] = [];
  // `create` refuses a parent that does not exist (any more) with NotFoundError.
  for (const location of pending) created.push(await tx.locationHandler.create({ contentId: contentInfo.id, ...location }));
  await tx.contentHandler.deletePendingLocations(contentInfo.id);
  const mainLocationId = created[0]?.id;
  const info = mainLocationId === undefined ? contentInfo : await tx.contentHandler.updateMetadata(contentInfo.id, { mainLocationId });
  if (names) await publishNewLocationAliases(tx, created, names);
  else await publishLocationAliases(tx, created.map((location) => location.id));
  return info;
}
