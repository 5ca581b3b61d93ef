import type { LockTarget, PersistenceHandler } from '../../spi/persistence-handler.js';

/**
 * Lock targets of writes that change whole subtrees (for `underDiscoveredLocks`). A location's `pathString`,
 * `depth` and `invisible` follow its ancestors, so a move, a hide or a removal changes every location below the
 * one it names: each of them is locked (its revision, the entity tag of its resource, changes). The sets are
 * closed under their locks: a location enters or leaves a subtree only by a write that locks its parent (create,
 * copy, restore) or itself (move, removal), and every one of those is in the set.
 */

/** Every location of the subtrees of `rootIds` (the roots included). */
export async function subtreeLocationTargets(persistence: PersistenceHandler, rootIds: readonly number[]): Promise<LockTarget[]> {
  const targets: LockTarget[] = [];
  for (const rootId of rootIds) {
    for (const id of await persistence.locationHandler.loadSubtreeIds(rootId)) targets.push({ kind: 'location', id });
  }
  return targets;
}

/**
 * What removing the subtrees of `rootIds` (deleting or trashing them) writes: their locations, the parents of the
 * roots (they lose a child) and every content item with a location in them (deleted, trashed, or given another
 * main location). URL aliases, bookmarks and role assignments of what goes are locked where they are removed.
 */
export async function subtreeRemovalTargets(persistence: PersistenceHandler, rootIds: readonly number[]): Promise<LockTarget[]> {
  const targets = await subtreeLocationTargets(persistence, rootIds);
  for (const root of await persistence.locationHandler.loadList(rootIds)) {
    targets.push({ kind: 'location', id: root.parentLocationId });
    for (const id of await persistence.locationHandler.loadSubtreeContentIds(root.id)) targets.push({ kind: 'content', id });
  }
  return targets;
}
