import type { Knex } from '@mikro-orm/knex';
import { placeholders, sql, StatementsBySize } from '../../db/statement.js';
import { locationWithContentSelect } from '../../mappers/location.js';

/** The location handler's statements, precompiled (`db/statement.ts`), and the builder of dynamic location reads. */

/** Locations (`l`) left-joined with their content (`c`): one query gives Location + ContentInfo. */
export function locationsWithContent(kx: Knex): Knex.QueryBuilder {
  return kx('location as l').leftJoin('content as c', 'c.id', 'l.content_id').select(locationWithContentSelect());
}

const WITH_CONTENT = `SELECT ${locationWithContentSelect().join(', ')} FROM location l LEFT JOIN content c ON c.id = l.content_id`;

/** A location with its content by id. */
export const LOCATION_BY_ID = sql<[locationId: number]>(`${WITH_CONTENT} WHERE l.id = ?`);

/** A location with its content by remoteId. */
export const LOCATION_BY_REMOTE_ID = sql<[remoteId: string]>(`${WITH_CONTENT} WHERE l.remote_id = ?`);

/** Locations with their content of `size` ids. */
export const LOCATIONS_BY_IDS = new StatementsBySize((size) => `${WITH_CONTENT} WHERE l.id IN (${placeholders(size)})`);

/** The locations of a content item by id, the virtual root excluded. */
export const LOCATIONS_OF_CONTENT = sql<[contentId: number]>(
  `${WITH_CONTENT} WHERE l.content_id = ? AND l.depth > 0 ORDER BY l.id`,
);

/** Child counts of `size` parents (the virtual root, its own parent, is not its own child). */
export const CHILD_COUNTS = new StatementsBySize(
  (size) =>
    `SELECT parent_id, COUNT(*) AS children FROM location WHERE parent_id IN (${placeholders(size)}) AND id <> parent_id ` +
    'GROUP BY parent_id',
);

/**
 * A new location under an existing parent (no row when the parent does not exist), with its depth and
 * invisibility derived from the parent's row and the content item's `is_hidden` in the same statement; the path
 * string is set by {@link SET_PATH_STRING} once the id is known. Returns the new id.
 */
export const INSERT_LOCATION = sql<
  [contentId: number, priority: number, hidden: boolean, hidden: boolean, contentId: number, remoteId: string, sortField: number, sortOrder: number, parentId: number]
>(
  'INSERT INTO location (parent_id, content_id, path_string, depth, priority, hidden, invisible, remote_id, sort_field, sort_order) ' +
    "SELECT p.id, ?, '', p.depth + 1, ?, ?, " +
    '(? OR p.hidden OR p.invisible OR COALESCE((SELECT hc.is_hidden FROM content hc WHERE hc.id = ?), FALSE)), ?, ?, ? ' +
    'FROM location p WHERE p.id = ? RETURNING id',
);

/** Sets a location's path string to its parent's followed by its own id. */
export const SET_PATH_STRING = sql<[locationId: number]>(
  'UPDATE location SET path_string = ' +
    "(SELECT p.path_string FROM location p WHERE p.id = location.parent_id) || CAST(id AS TEXT) || '/' WHERE id = ?",
);

/** Sets a location's hidden flag; returns its id (no row for an unknown location). */
export const SET_HIDDEN = sql<[hidden: boolean, locationId: number]>('UPDATE location SET hidden = ? WHERE id = ? RETURNING id');

/** Sets a content item's `is_hidden`. */
export const SET_CONTENT_HIDDEN = sql<[hidden: boolean, contentId: number]>('UPDATE content SET is_hidden = ? WHERE id = ?');

/** The locations of a content item, outermost first (to recompute their subtrees in order). */
export const LOCATIONS_OF_CONTENT_BY_DEPTH = sql<[contentId: number]>(
  'SELECT id FROM location WHERE content_id = ? ORDER BY depth, id',
);

/** The path string of a location. */
export const PATH_OF = sql<[locationId: number]>('SELECT path_string FROM location WHERE id = ?');
