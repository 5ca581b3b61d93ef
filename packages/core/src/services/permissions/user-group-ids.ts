import type { PersistenceHandler } from '../../spi/persistence-handler.js';

/**
 * Content ids of the user groups a content item (a user) belongs to: the contents of every ancestor location
 * of its locations (as in Ibexa, a user inherits the role assignments of every group above it). Two queries.
 */
export async function loadGroupIdsOf(persistence: PersistenceHandler, contentId: number): Promise<number[]> {
  const locations = await persistence.locationHandler.loadByContent(contentId);
  const ownIds = new Set(locations.map((location) => location.id));
  const ancestorIds = new Set<number>();
  for (const location of locations) {
    for (const segment of location.pathString.split('/')) {
      const id = Number(segment);
      if (segment !== '' && !ownIds.has(id)) ancestorIds.add(id);
    }
  }
  if (ancestorIds.size === 0) return [];
  const ancestors = await persistence.locationHandler.loadList([...ancestorIds]);
  return [...new Set(ancestors.map((location) => location.contentId).filter((id) => id !== 0))];
}
