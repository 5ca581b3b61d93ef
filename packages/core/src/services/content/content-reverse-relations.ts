import type { ContentInfo, Relation, RelationList, RelationListItem } from '../../api/values/content.js';
import { InvalidArgumentError } from '../../errors/repository-error.js';
import type { ServiceContext } from '../service-context.js';

/**
 * Reverse relations (relations pointing to an item), as Ibexa 4.6 `ContentService` reads them: only relations
 * from the current version of published sources count (the storage query), `content/reverserelatedlist` on the
 * item is required, and each source is checked with `content/read`.
 */

/** Whether the user has `content/reverserelatedlist` on the item (the function takes no limitations). */
function canListReverse(context: ServiceContext, contentInfo: ContentInfo): Promise<boolean> {
  return context.guard.canUser('content', 'reverserelatedlist', { kind: 'content', contentInfo });
}

/**
 * Ids of the relations' sources the user may read (`content/read`); null when it may read everything (no item
 * is loaded then). One batch load of the sources otherwise.
 */
async function readableSources(context: ServiceContext, relations: readonly Relation[]): Promise<ReadonlySet<number> | null> {
  if ((await context.guard.hasAccess('content', 'read')) === true) return null;
  const sourceIds = [...new Set(relations.map((relation) => relation.sourceContentId))];
  const readable = new Set<number>();
  if (sourceIds.length === 0) return readable;
  for (const info of await context.persistence.contentHandler.loadContentInfoList(sourceIds)) {
    if (await context.guard.canUser('content', 'read', { kind: 'content', contentInfo: info })) readable.add(info.id);
  }
  return readable;
}

/**
 * `ContentService.loadReverseRelations`: relations whose source the user may not read are left out.
 * @throws UnauthorizedError without `content/reverserelatedlist` on the item.
 */
export async function loadReverseRelations(context: ServiceContext, contentInfo: ContentInfo): Promise<readonly Relation[]> {
  await context.guard.assert('content', 'reverserelatedlist', { kind: 'content', contentInfo }, { contentId: contentInfo.id });
  const relations = await context.persistence.contentHandler.loadReverseRelationList(contentInfo.id, 0, null);
  const readable = await readableSources(context, relations);
  return readable === null ? relations : relations.filter((relation) => readable.has(relation.sourceContentId));
}

/**
 * `ContentService.loadReverseRelationList`: one page, unreadable sources kept as `unauthorized` items; an empty
 * list without `content/reverserelatedlist` (Ibexa does not throw here).
 * @throws InvalidArgumentError for an offset that is not a non-negative integer or a limit that is not null or a
 *   positive integer.
 */
export async function loadReverseRelationList(
  context: ServiceContext,
  contentInfo: ContentInfo,
  offset = 0,
  limit: number | null = null,
): Promise<RelationList> {
  if (!Number.isSafeInteger(offset) || offset < 0) throw new InvalidArgumentError('offset', 'must be a non-negative integer');
  if (limit !== null && (!Number.isSafeInteger(limit) || limit < 1)) throw new InvalidArgumentError('limit', 'must be a positive integer');
  if (!(await canListReverse(context, contentInfo))) return { totalCount: 0, items: [] };
  const handler = context.persistence.contentHandler;
  const totalCount = await handler.countReverseRelations(contentInfo.id);
  if (totalCount === 0) return { totalCount, items: [] };
  const relations = await handler.loadReverseRelationList(contentInfo.id, offset, limit);
  const readable = await readableSources(context, relations);
  const items = relations.map(
    (relation): RelationListItem =>
      readable === null || readable.has(relation.sourceContentId)
        ? { kind: 'relation', relation }
        : { kind: 'unauthorized', contentId: relation.sourceContentId },
  );
  return { totalCount, items };
}

/** `ContentService.countReverseRelations`: 0 without `content/reverserelatedlist`, as in Ibexa. */
export async function countReverseRelations(context: ServiceContext, contentInfo: ContentInfo): Promise<number> {
  if (!(await canListReverse(context, contentInfo))) return 0;
  return context.persistence.contentHandler.countReverseRelations(contentInfo.id);
}
