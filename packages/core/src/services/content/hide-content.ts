import type { ServiceContext } from '../service-context.js';
import { requireContentInfo } from './content-reads.js';

/**
 * Hides or reveals a content item (Ibexa `ContentService::hideContent` / `revealContent`; REST
 * `POST /content/objects/{id}/hide` and `…/reveal`): the item's `isHidden` flag changes and every location of
 * it, with its subtree, becomes invisible (or visible again where nothing else hides it). One transaction.
 * @throws NotFoundError; UnauthorizedError without `content/hide`.
 */
export async function setContentHidden(context: ServiceContext, contentId: number, hidden: boolean): Promise<void> {
  const contentInfo = await requireContentInfo(context, contentId);
  await context.guard.assert('content', 'hide', { kind: 'content', contentInfo }, { contentId });
  if (contentInfo.isHidden === hidden) return;
  await context.persistence.transaction((tx) => tx.locationHandler.setContentHidden(contentId, hidden));
}
