import type { SqlContext } from '../../db/sql-context.js';

/** A subtree root as the visibility recomputation needs it. */
export interface SubtreeRoot {
  readonly id: number;
  readonly parentId: number;
}

/**
 * Recomputes `invisible` for a location and its whole subtree in one statement. A location is invisible when it,
 * one of its ancestors, or the content item at it or at one of its ancestors is hidden (Ibexa: explicitly hidden
 * nodes and hidden content keep their subtree invisible when an ancestor is revealed). The state above the root
 * comes from the parent row (its `invisible`/`hidden`); inside the subtree a recursive CTE walks down by
 * `parent_id` (index `location(parent_id, …)`), so the cost is linear in the subtree size:
 *
 * ```sql
 * WITH RECURSIVE vis(id, inv) AS (root row | children of vis) UPDATE location SET invisible = vis.inv FROM vis …
 * ```
 */
export async function recomputeVisibility(ctx: SqlContext, root: SubtreeRoot): Promise<void> {
  let inherited = false;
  if (root.parentId !== root.id) {
    const parent = await ctx.first(ctx.kx('location').select('hidden', 'invisible').where('id', root.parentId));
    inherited = parent !== null && (parent.bool('hidden') || parent.bool('invisible'));
  }
  const contentHidden = (alias: string): string =>
    `COALESCE((SELECT hc.is_hidden FROM content hc WHERE hc.id = ${alias}.content_id), FALSE)`;
  await ctx.run(
    'WITH RECURSIVE vis(id, inv) AS (' +
      `SELECT l.id, (? OR l.hidden OR ${contentHidden('l')}) FROM location l WHERE l.id = ? ` +
      'UNION ALL ' +
      `SELECT c.id, (vis.inv OR c.hidden OR ${contentHidden('c')}) FROM location c JOIN vis ON c.parent_id = vis.id ` +
      'WHERE c.id <> c.parent_id' +
      ') UPDATE location SET invisible = vis.inv FROM vis WHERE location.id = vis.id',
    [inherited, root.id],
  );
}
