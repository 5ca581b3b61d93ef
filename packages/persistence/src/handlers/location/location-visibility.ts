import type { SqlContext } from '../../db/sql-context.js';
import { sql } from '../../db/statement.js';

/** `is_hidden` of the content item at location alias `alias` (false for content 0 of the virtual root). */
const contentHidden = (alias: string): string =>
  `COALESCE((SELECT hc.is_hidden FROM content hc WHERE hc.id = ${alias}.content_id), FALSE)`;

/** Whether the parent of location alias `alias` is hidden or invisible (false for the root, its own parent). */
const parentHidden = (alias: string): string =>
  `(${alias}.parent_id <> ${alias}.id AND ` +
  `COALESCE((SELECT p.hidden OR p.invisible FROM location p WHERE p.id = ${alias}.parent_id), FALSE))`;

const RECOMPUTE_VISIBILITY = sql<[locationId: number]>(
  'WITH RECURSIVE vis(id, inv) AS (' +
    `SELECT l.id, (${parentHidden('l')} OR l.hidden OR ${contentHidden('l')}) FROM location l WHERE l.id = ? ` +
    'UNION ALL ' +
    `SELECT c.id, (vis.inv OR c.hidden OR ${contentHidden('c')}) FROM location c JOIN vis ON c.parent_id = vis.id ` +
    'WHERE c.id <> c.parent_id' +
    ') UPDATE location SET invisible = vis.inv FROM vis WHERE location.id = vis.id',
);

/**
 * Recomputes `invisible` for a location and its whole subtree in one statement. A location is invisible when it,
 * one of its ancestors, or the content item at it or at one of its ancestors is hidden (Ibexa: explicitly hidden
 * nodes and hidden content keep their subtree invisible when an ancestor is revealed). The state above the root
 * comes from its parent row (`hidden`/`invisible`; nothing above the virtual root); inside the subtree a
 * recursive CTE walks down by `parent_id` (index `location(parent_id, …)`), so the cost is linear in the subtree
 * size:
 *
 * ```sql
 * WITH RECURSIVE vis(id, inv) AS (root row | children of vis) UPDATE location SET invisible = vis.inv FROM vis …
 * ```
 */
export async function recomputeVisibility(ctx: SqlContext, locationId: number): Promise<void> {
  await ctx.write(RECOMPUTE_VISIBILITY, [locationId]);
}
