import type { Content } from '../../api/values/content.js';
import { BadStateError, InvalidArgumentError } from '../../errors/repository-error.js';
import type { PersistenceHandler } from '../../spi/persistence-handler.js';
import type { ServiceContext } from '../service-context.js';
import { loadContentTypeValue } from '../content-types/create-content-type-service.js';
import { removeTranslationAliases } from '../url-aliases/location-aliases.js';
import { loadStoredContent, requireContentInfo, requireVersionInfo, toContent } from './content-reads.js';
import { indexDocument } from './content-writes-support.js';
import { valuesFromStorage } from './content-field-values.js';

const mainTranslation = (languageCode: string): BadStateError =>
  new BadStateError('$languageCode', `'${languageCode}' is the main translation of the Content item`, 'translation.main');

/**
 * Deletes a translation from every version of an item (Ibexa `ContentService::deleteTranslation`; REST
 * `DELETE /content/objects/{id}/translations/{languageCode}`): versions holding only that translation are
 * deleted; the published version is reindexed and the locations' aliases in that language removed. One
 * transaction.
 * @throws InvalidArgumentError when no version has the translation (REST 406); BadStateError `translation.main`
 *   (REST 409); NotFoundError; UnauthorizedError without `content/remove` on the translation.
 */
export async function deleteTranslation(context: ServiceContext, contentId: number, languageCode: string): Promise<void> {
  const contentInfo = await requireContentInfo(context, contentId);
  const versions = await context.persistence.contentHandler.loadVersionInfoList(contentId);
  const holding = versions.filter((version) => version.languageCodes.includes(languageCode));
  if (holding.length === 0) {
    throw new InvalidArgumentError('$languageCode', `Content ${contentId} does not have a translation '${languageCode}'`);
  }
  if (languageCode === contentInfo.mainLanguageCode) throw mainTranslation(languageCode);
  await context.guard.assert('content', 'remove', { kind: 'content', contentInfo, languageCodes: [languageCode] }, { contentId, languageCode });
  await context.persistence.transaction(async (tx) => {
    for (const version of holding) {
      if (version.languageCodes.length === 1) await tx.contentHandler.deleteVersion(contentId, version.versionNo);
    }
    await tx.contentHandler.deleteTranslation(contentId, languageCode, null);
    if (contentInfo.status === 'PUBLISHED') await reindex(context, tx, contentId, contentInfo.currentVersionNo);
    const locations = await tx.locationHandler.loadByContent(contentId);
    await removeTranslationAliases(
      tx,
      locations.map((location) => location.id),
      languageCode,
    );
  });
}

/**
 * Deletes a translation from a draft (Ibexa `ContentService::deleteTranslationFromDraft`; REST
 * `DELETE /content/objects/{id}/versions/{no}/translations/{languageCode}`).
 * @throws BadStateError `version.notDraft`, `translation.main` or `translation.last`; InvalidArgumentError when the
 *   draft lacks the translation; NotFoundError; UnauthorizedError without `content/edit` on the translation.
 */
export async function deleteTranslationFromDraft(context: ServiceContext, contentId: number, versionNo: number, languageCode: string): Promise<Content> {
  const contentInfo = await requireContentInfo(context, contentId);
  const version = await requireVersionInfo(context, contentId, versionNo);
  await context.guard.assert(
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
  await context.persistence.transaction((tx) => tx.contentHandler.deleteTranslation(contentId, languageCode, versionNo));
  return toContent(context, await loadStoredContent(context, contentId, versionNo));
}

async function reindex(context: ServiceContext, tx: PersistenceHandler, contentId: number, versionNo: number): Promise<void> {
  const stored = await tx.contentHandler.load(contentId, versionNo);
  if (!stored) return;
  const contentType = await loadContentTypeValue(context, stored.contentInfo.contentTypeId);
  const values = valuesFromStorage(context.fieldTypes, stored.fields);
  await tx.searchHandler.indexContent(indexDocument(context, contentType, contentId, versionNo, values));
}
