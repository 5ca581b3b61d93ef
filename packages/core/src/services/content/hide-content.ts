import { recordEvent } from '../events/record-event.js';
import type { ServiceContext } from '../service-context.js';
import { underLock } from '../in-transaction.js';
import { requireContentInfo } from './content-reads.js';
import { contentTarget } from './content-writes-support.js';

/**
 * Hides or reveals a content item (Ibexa `ContentService::hideContent` / `revealContent`; REST
 * `POST /content/objects/{id}/hide` and `…/reveal`): the item's `isHidden` flag changes and every location of
 * it, with its subtree, becomes invisible (or visible again where nothing else hides it). One transaction, under
 * the item's lock (the flag is read inside it).
 * @throws NotFoundError; UnauthorizedError without `content/hide`.
 */
export function setContentHidden(context: ServiceContext, contentId: number, hidden: boolean): Promise<void> {
  return underLock(context, [contentTarget(contentId)], async (tx) => {
    const contentInfo = await requireContentInfo(tx, contentId);
    await tx.guard.assert('content', 'hide', { kind: 'content', contentInfo }, { contentId });
    if (contentInfo.isHidden === hidden) return;
    await tx.persistence.locationHandler.setContentHidden(contentId, hidden);
    await recordEvent(tx, hidden ? 'content.hidden' : 'content.revealed', { contentId });
  });
}
