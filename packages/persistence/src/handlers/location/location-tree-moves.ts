import { InvalidArgumentError, NotFoundError } from '@contentrepo/core';
import { prefixUpperBound } from '../../db/path-range.js';
import type { SqlContext } from '../../db/sql-context.js';
import { recomputeVisibility } from './location-visibility.js';

/**
 * `LocationHandler.move`: re-roots the subtree under `newParentId` with one UPDATE of every descendant's path
 * string (`newPrefix || substr(path_string, length(oldPrefix) + 1)`) and depth (`depth + delta`), sets the
 * location's parent and recomputes visibility for the moved subtree.
 * @throws NotFoundError unknown location or parent. @throws InvalidArgumentError when the parent is inside the subtree.
 */
export async function moveSubtree(ctx: SqlContext, locationId: number, newParentId: number): Promise<void> {
  await ctx.atomic(async (tx) => {
    const location = await tx.first(tx.kx('location').select('path_string', 'depth').where('id', locationId));
    if (!location) throw NotFoundError.location(locationId);
    const parent = await tx.first(tx.kx('location').select('path_string', 'depth').where('id', newParentId));
    if (!parent) throw NotFoundError.location(newParentId);
    const oldPath = location.str('path_string');
    const parentPath = parent.str('path_string');
    if (parentPath.startsWith(oldPath)) {
      throw new InvalidArgumentError('$newParentLocation', 'new parent Location is a descendant of the given $location');
    }
    const upper = prefixUpperBound(oldPath);
    if (upper === null) throw new Error(`Location ${locationId} has an empty path string`);
    const newPath = `${parentPath}${locationId}/`;
    await tx.run(
      'UPDATE location SET path_string = ? || substr(path_string, ?), depth = depth + ? ' +
        'WHERE path_string >= ? AND path_string < ?',
      [newPath, oldPath.length + 1, parent.int('depth') + 1 - location.int('depth'), oldPath, upper],
    );
    await tx.exec(tx.kx('location').where('id', locationId).update({ parent_id: newParentId }));
    await recomputeVisibility(tx, locationId);
  });
}

/**
 * `LocationHandler.swap`: exchanges the content ids of two locations; ids, remoteIds, tree positions and hidden
 * flags stay (main locations are the caller's business, per the SPI). Invisibility is recomputed for both
 * subtrees, since a hidden content item may have changed places.
 * @throws NotFoundError unknown location.
 */
export async function swapContent(ctx: SqlContext, locationId: number, otherLocationId: number): Promise<void> {
  await ctx.atomic(async (tx) => {
    const rows = await tx.rows(
      tx.kx('location').select('id', 'parent_id', 'content_id', 'depth').whereIn('id', [locationId, otherLocationId]),
    );
    const byId = new Map(rows.map((row) => [row.int('id'), row]));
    const first = byId.get(locationId);
    const second = byId.get(otherLocationId);
    if (!first) throw NotFoundError.location(locationId);
    if (!second) throw NotFoundError.location(otherLocationId);
    await tx.exec(tx.kx('location').where('id', locationId).update({ content_id: second.int('content_id') }));
    await tx.exec(tx.kx('location').where('id', otherLocationId).update({ content_id: first.int('content_id') }));
    for (const root of [first, second].sort((a, b) => a.int('depth') - b.int('depth'))) {
      await recomputeVisibility(tx, root.int('id'));
    }
  });
}
