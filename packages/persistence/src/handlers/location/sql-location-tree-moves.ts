import { InvalidArgumentError, NotFoundError } from '@contentrepo/core';
import { prefixUpperBound } from '../../db/path-range.js';
import type { SqlContext } from '../../db/sql-context.js';
import { TABLES } from '../../schema/index.js';
import { recomputeVisibility } from './sql-location-visibility.js';

const { location: tree } = TABLES;

/** Moves a subtree (path range `[?, ?)`): new path prefix, depth shifted. */
const REROOT =
  `UPDATE ${tree} SET ${tree.pathString} = ? || substr(${tree.pathString}, ?), ${tree.depth} = ${tree.depth} + ? ` +
  `WHERE ${tree.pathString} >= ? AND ${tree.pathString} < ?`;

/**
 * `LocationHandler.move`: re-roots the subtree under `newParentId` with one UPDATE of every descendant's path
 * string (`newPrefix || substr(path_string, length(oldPrefix) + 1)`) and depth (`depth + delta`), sets the
 * location's parent and recomputes visibility for the moved subtree.
 * @throws NotFoundError unknown location or parent. @throws InvalidArgumentError when the parent is inside the subtree.
 */
export async function moveSubtree(ctx: SqlContext, locationId: number, newParentId: number): Promise<void> {
  await ctx.atomic(async (tx) => {
    const location = await tx.first(tx.kx(tree.$name).select(tree.pathString, tree.depth).where(tree.id, locationId));
    if (!location) throw NotFoundError.location(locationId);
    const parent = await tx.first(tx.kx(tree.$name).select(tree.pathString, tree.depth).where(tree.id, newParentId));
    if (!parent) throw NotFoundError.location(newParentId);
    const oldPath = location.str(tree.pathString);
    const parentPath = parent.str(tree.pathString);
    if (parentPath.startsWith(oldPath)) {
      throw new InvalidArgumentError('$newParentLocation', 'new parent Location is a descendant of the given $location');
    }
    const upper = prefixUpperBound(oldPath);
    if (upper === null) throw new Error(`Location ${locationId} has an empty path string`);
    const newPath = `${parentPath}${locationId}/`;
    await tx.run(REROOT, [newPath, oldPath.length + 1, parent.int(tree.depth) + 1 - location.int(tree.depth), oldPath, upper]);
    await tx.exec(tx.kx(tree.$name).where(tree.id, locationId).update({ [tree.parentId]: newParentId }));
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
      tx.kx(tree.$name).select(tree.id, tree.parentId, tree.contentId, tree.depth).whereIn(tree.id, [locationId, otherLocationId]),
    );
    const byId = new Map(rows.map((row) => [row.int(tree.id), row]));
    const first = byId.get(locationId);
    const second = byId.get(otherLocationId);
    if (!first) throw NotFoundError.location(locationId);
    if (!second) throw NotFoundError.location(otherLocationId);
    await tx.exec(tx.kx(tree.$name).where(tree.id, locationId).update({ [tree.contentId]: second.int(tree.contentId) }));
    await tx.exec(tx.kx(tree.$name).where(tree.id, otherLocationId).update({ [tree.contentId]: first.int(tree.contentId) }));
    for (const root of [first, second].sort((a, b) => a.int(tree.depth) - b.int(tree.depth))) {
      await recomputeVisibility(tx, root.int(tree.id));
    }
  });
}
