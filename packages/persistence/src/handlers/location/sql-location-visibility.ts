import type { SqlContext } from '../../db/sql-context.js';
import { sql } from '../../db/statement.js';
import { TABLES } from '../../schema/index.js';

const { location, content } = TABLES;
/** The subtree's root (`l`), the children walked down (`c`), a parent (`p`) and an item (`hc`). */
const l = location.$as('l');
const c = location.$as('c');
const p = location.$as('p');
const hc = content.$as('hc');

/** `is_hidden` of the content item at a location (false for content 0 of the virtual root). */
const contentHidden = (at: typeof l): string =>
  `COALESCE((SELECT ${hc.isHidden} FROM ${hc} WHERE ${hc.id} = ${at.contentId}), FALSE)`;

/** Whether the parent of a location is hidden or invisible (false for the root, its own parent). */
const parentHidden = (at: typeof l): string =>
  `(${at.parentId} <> ${at.id} AND ` +
  `COALESCE((SELECT ${p.hidden} OR ${p.invisible} FROM ${p} WHERE ${p.id} = ${at.parentId}), FALSE))`;

const RECOMPUTE_VISIBILITY = sql<[locationId: number]>(
  'WITH RECURSIVE vis(id, inv) AS (' +
    `SELECT ${l.id}, (${parentHidden(l)} OR ${l.hidden} OR ${contentHidden(l)}) FROM ${l} WHERE ${l.id} = ? ` +
    'UNION ALL ' +
    `SELECT ${c.id}, (vis.inv OR ${c.hidden} OR ${contentHidden(c)}) FROM ${c} JOIN vis ON ${c.parentId} = vis.id ` +
    `WHERE ${c.id} <> ${c.parentId}` +
    `) UPDATE ${location} SET ${location.invisible} = vis.inv FROM vis WHERE ${location.$qualified().id} = vis.id`,
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
