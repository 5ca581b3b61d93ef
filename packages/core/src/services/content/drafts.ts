import type { Content } from '../../api/values/content.js';
import { assertVersionTransition } from '../../domain/version/transitions.js';
import type { ServiceContext } from '../service-context.js';
import { loadStoredContent, requireContentInfo, requireVersionInfo, toContent } from './content-reads.js';

/**
 * Creates a new draft from a version, the current one by default (Ibexa `createContentDraft`): fields,
 * names and relations are copied; the new version number is the highest + 1.
 * @throws NotFoundError; UnauthorizedError without `content/edit`.
 */
export async function createContentDraft(context: ServiceContext, contentId: number, fromVersionNo?: number): Promise<Content> {
  const contentInfo = await requireContentInfo(context, contentId);
  const source = await requireVersionInfo(context, contentId, fromVersionNo ?? contentInfo.currentVersionNo);
  assertVersionTransition('createDraft', source.status, 1);
  await context.guard.assert('content', 'edit', { kind: 'content', contentInfo, versionStatus: source.status }, { contentId });
  const draft = await context.persistence.transaction((tx) =>
    tx.contentHandler.createDraft(contentId, source.versionNo, {
      creatorId: context.userId,
      date: context.clock.now(),
      initialLanguageCode: source.initialLanguageCode,
    }),
  );
  return toContent(context, await loadStoredContent(context, contentId, draft.versionNo));
}

/**
 * Deletes a DRAFT or ARCHIVED version (Ibexa `deleteVersion`).
 * @throws BadStateError `version.published` for the published version, `version.lastVersion` for the only one.
 * @throws NotFoundError; UnauthorizedError without `content/versionremove`.
 */
export async function deleteVersion(context: ServiceContext, contentId: number, versionNo: number): Promise<void> {
  const contentInfo = await requireContentInfo(context, contentId);
  const versionInfo = await requireVersionInfo(context, contentId, versionNo);
  await context.guard.assert(
    'content',
    'versionremove',
    { kind: 'content', contentInfo, versionStatus: versionInfo.status },
    { contentId, versionNo },
  );
  const versions = await context.persistence.contentHandler.loadVersionInfoList(contentId);
  assertVersionTransition('delete', versionInfo.status, versions.length);
  await context.persistence.transaction((tx) => tx.contentHandler.deleteVersion(contentId, versionNo));
}
