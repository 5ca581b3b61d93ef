import { recordEvent } from '../events/record-event.js';
import type { Content } from '../../api/values/content.js';
import { BadStateError, InvalidArgumentError } from '../../errors/repository-error.js';
import type { ServiceContext } from '../service-context.js';
import { underLock } from '../in-transaction.js';
import { removeTranslationAliases } from '../url-aliases/location-aliases.js';
import { loadStoredContent, requireContentInfo, requireVersionInfo, toContent } from './content-reads.js';
import { contentTypeForWrite } from './content-type-for-write.js';
import { contentTarget, indexDocument, underContentLock } from './content-writes-support.js';
import { valuesFromStorage } from './content-field-values.js';

const mainTranslation = (languageCode: string): BadStateError =>
  new BadStateError('$languageCode', `'${languageCode}' is the main translation of the Content item`, 'translation.main');

/**
 * Deletes a translation from every version of an item (Ibexa `ContentService::deleteTranslation`; REST
 * `DELETE /content/objects/{id}/translations/{languageCode}`): versions holding only that translation are
 * deleted; the published version is reindexed and the locations' aliases in that language removed. One
 * transaction, under the item's lock (the versions are read inside it).
 * @throws InvalidArgumentError when no version has the translation (REST 406); BadStateError `translation.main`
 *   (REST 409); NotFoundError; UnauthorizedError without `content/remove` on the translation.
 */
export async function deleteTranslation(context: ServiceContext, contentId: number, languageCode: string): Promise<void> {
  await underContentLock(context, await requireContentInfo(context, contentId), async (tx) => {
    const contentInfo = await requireContentInfo(tx, contentId);
    const versions = await tx.persistence.contentHandler.loadVersionInfoList(contentId);
    const holding = versions.filter((version) => version.languageCodes.includes(languageCode));
    if (holding.length === 0) {
      throw new InvalidArgumentError('$languageCode', `Content ${contentId} does not have a translation '${languageCode}'`);
    }
    if (languageCode === contentInfo.mainLanguageCode) throw mainTranslation(languageCode);
    await tx.guard.assert('content', 'remove', { kind: 'content', contentInfo, languageCodes: [languageCode] }, { contentId, languageCode });
    const { contentHandler } = tx.persistence;
    for (const version of holding) {
      if (version.languageCodes.length === 1) await contentHandler.deleteVersion(contentId, version.versionNo);
    }
    await contentHandler.deleteTranslation(contentId, languageCode, null);
    if (contentInfo.status === 'PUBLISHED') await reindex(tx, contentId, contentInfo.currentVersionNo);
    const locations = await tx.persistence.locationHandler.loadByContent(contentId);
    await removeTranslationAliases(
      tx.persistence,
      locations.map((location) => location.id),
      languageCode,
    );
    await recordEvent(tx, 'content.translation_deleted', { contentId, languageCode });
  });
}

/**
 * Deletes a translation from a draft (Ibexa `ContentService::deleteTranslationFromDraft`; REST
 * `DELETE /content/objects/{id}/versions/{no}/translations/{languageCode}`), under the item's lock.
 * @throws BadStateError `version.notDraft`, `translation.main` or `translation.last`; InvalidArgumentError when the
 *   draft lacks the translation; NotFoundError; UnauthorizedError without `content/edit` on the translation.
 */
export function deleteTranslationFromDraft(context: ServiceContext, contentId: number, versionNo: number, languageCode: string): Promise<Content> {
  return underLock(context, [contentTarget(contentId)], async (tx) => {
    const contentInfo = await requireContentInfo(tx, contentId);
    const version = await requireVersionInfo(tx, contentId, versionNo);
    await tx.guard.assert(
      'content',
      'edit',
      { kind: 'content', contentInfo, languageCodes: [languageCode], versionStatus: version.status },
      { contentId, languageCode },
    );
    if (version.status !== 'DRAFT') throw new BadStateError('$versionInfo', 'The Version is not a draft', 'version.notDraft');
    if (!version.languageCodes.includes(languageCode)) {
      throw new InvalidArgumentError('$languageCode', `Version ${versionNo} of content ${contentId} does not have a translation '${languageCode}'`);
    }
    if (languageCode === contentInfo.mainLanguageCode) throw mainTranslation(languageCode);
    if (version.languageCodes.length === 1) {
      throw new BadStateError('$languageCode', `'${languageCode}' is the only translation of the Version`, 'translation.last');
    }
    await tx.persistence.contentHandler.deleteTranslation(contentId, languageCode, versionNo);
    return toContent(tx, await loadStoredContent(tx, contentId, versionNo));
  });
}

/** Reindexes a published version, inside a write holding the item's content type (`underContentLock`). */
async function reindex(tx: ServiceContext, contentId: number, versionNo: number): Promise<void> {
  const stored = await tx.persistence.contentHandler.load(contentId, versionNo);
  if (!stored) return;
  const contentType = await contentTypeForWrite(tx, stored.contentInfo.contentTypeId);
  const values = valuesFromStorage(tx.fieldTypes, stored.fields);
  await tx.persistence.searchHandler.indexContent(indexDocument(tx, contentType, contentId, versionNo, values));
}
