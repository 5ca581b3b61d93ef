import type { VersionInfo } from '../../api/values/content.js';
import { UnauthorizedError } from '../../errors/repository-error.js';
import type { ServiceContext } from '../service-context.js';

/**
 * Drafts created by `userId` that the current user may `content/versionread` (Ibexa `loadContentDrafts`, which
 * throws for an unreadable draft; here unreadable drafts are left out). Three storage calls whatever the number of
 * drafts: the drafts, their ContentInfos, and the permission facts.
 * @throws UnauthorizedError when the user has no `content/versionread` at all.
 */
export async function loadContentDrafts(context: ServiceContext, userId: number): Promise<readonly VersionInfo[]> {
  if ((await context.guard.hasAccess('content', 'versionread')) === false) {
    throw new UnauthorizedError('content', 'versionread', { userId });
  }
  const drafts = await context.persistence.contentHandler.loadDraftsForUser(userId);
  const infos = new Map(
    (await context.persistence.contentHandler.loadContentInfoList([...new Set(drafts.map((draft) => draft.contentId))])).map((info) => [info.id, info]),
  );
  const readable: VersionInfo[] = [];
  for (const draft of drafts) {
    const contentInfo = infos.get(draft.contentId);
    if (contentInfo && (await context.guard.canUser('content', 'versionread', { kind: 'content', contentInfo, versionStatus: 'DRAFT' }))) {
      readable.push(draft);
    }
  }
  return readable;
}
