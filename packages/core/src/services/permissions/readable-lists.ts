import type { Criterion } from '../../domain/criteria/criterion.js';
import type { IdSearchResult } from '../../spi/search-handler.js';
import type { ServiceContext } from '../service-context.js';

/**
 * Batched `content/read` filtering of lists the user asked for by id (as Ibexa filters searches): instead of one
 * permission evaluation per item — which loads each item's locations for Subtree or Location limitations — the
 * user's read criterion is ANDed with the ids in one search, which is how every search applies permissions.
 * Unrestricted users (no limitation on `content/read`) are never searched.
 */

/** Values of `found` in the order of `ids`, each id once; ids without a value are left out. */
export function inIdOrder<T>(ids: readonly number[], found: readonly T[], idOf: (value: T) => number): T[] {
  const byId = new Map(found.map((value) => [idOf(value), value]));
  const seen = new Set<number>();
  return ids.flatMap((id) => {
    const value = byId.get(id);
    if (value === undefined || seen.has(id)) return [];
    seen.add(id);
    return [value];
  });
}

/**
 * Which of `ids` the user may read when searched with `byIds` (a ContentId or LocationId criterion over them):
 * null when `content/read` is unrestricted (all of them, nothing searched), else the ids of the published items
 * (content search) or their locations but the root (location search) that the read criterion admits.
 */
export async function readableIds(
  context: ServiceContext,
  target: 'content' | 'location',
  byIds: Criterion,
  count: number,
): Promise<ReadonlySet<number> | null> {
  if ((await context.guard.hasAccess('content', 'read')) === true) return null;
  const readable = await context.guard.criterion('content', 'read');
  if (readable === null) return null;
  if (readable.type === 'MatchNone' || count === 0) return new Set();
  const query = { criterion: { type: 'LogicalAnd', criteria: [byIds, readable] } as const, sortClauses: [], offset: 0, limit: count, languageFilter: {} };
  const { searchHandler } = context.persistence;
  const found: IdSearchResult = await (target === 'content' ? searchHandler.findContent(query) : searchHandler.findLocations(query));
  return new Set(found.ids);
}
