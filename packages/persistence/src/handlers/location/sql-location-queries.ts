import type { Knex } from '@mikro-orm/knex';
import { remoteIdKeyOf } from '../../db/remote-id-sql.js';
import { placeholders, sql, StatementsBySize } from '../../db/statement.js';
import { LOCATION_KEYS, locationWithContentSelect } from '../../mappers/location-rows.js';
import { TABLES } from '../../schema/index.js';

const { location, content } = TABLES;
const l = location.$as('l');
const c = content.$as('c');
/** The parent of a new location (`p`) and the new location's item (`hc`). */
const p = location.$as('p');
const hc = content.$as('hc');
const NEW_LOCATION_KEYS = LOCATION_KEYS.filter((key) => key !== 'id');

/** The location handler's statements, precompiled (`db/statement.ts`), and the builder of dynamic location reads. */

/** Locations (`l`) left-joined with their content (`c`): one query gives Location + ContentInfo. */
export function locationsWithContent(kx: Knex): Knex.QueryBuilder {
  return kx(`${l}`).leftJoin(`${c}`, c.id, l.contentId).select(locationWithContentSelect());
}

const WITH_CONTENT = `SELECT ${locationWithContentSelect().join(', ')} FROM ${l} LEFT JOIN ${c} ON ${c.id} = ${l.contentId}`;

/** A location with its content by id. */
export const LOCATION_BY_ID = sql<[locationId: number]>(`${WITH_CONTENT} WHERE l.id = ?`);

/** A location with its content by remoteId: bind core's `remoteIdKey` of it (case-insensitive, through the unique index). */
export const LOCATION_BY_REMOTE_ID = sql<[remoteIdKey: string]>(`${WITH_CONTENT} WHERE ${remoteIdKeyOf('l.remote_id')} = ?`);

/** Locations with their content of `size` ids. */
export const LOCATIONS_BY_IDS = new StatementsBySize((size) => `${WITH_CONTENT} WHERE l.id IN (${placeholders(size)})`);

/** The locations of a content item by id, the virtual root excluded. */
export const LOCATIONS_OF_CONTENT = sql<[contentId: number]>(
  `${WITH_CONTENT} WHERE l.content_id = ? AND l.depth > 0 ORDER BY l.id`,
);

/** Child counts of `size` parents (the virtual root, its own parent, is not its own child). */
export const CHILD_COUNTS = new StatementsBySize(
  (size) =>
    `SELECT ${location.parentId}, COUNT(*) AS children FROM ${location} ` +
      `WHERE ${location.parentId} IN (${placeholders(size)}) AND ${location.id} <> ${location.parentId} ` +
    `GROUP BY ${location.parentId}`,
);

/**
 * A new location under an existing parent (no row when the parent does not exist), with its depth and
 * invisibility derived from the parent's row and the content item's `is_hidden` in the same statement; the path
 * string is set by {@link SET_PATH_STRING} once the id is known. Returns the new id.
 */
export const INSERT_LOCATION = sql<
  [contentId: number, priority: number, hidden: boolean, hidden: boolean, contentId: number, remoteId: string, sortField: number, sortOrder: number, parentId: number]
>(
  `INSERT INTO ${location} (${location.$list(NEW_LOCATION_KEYS)}) ` +
    `SELECT ${p.id}, ?, '', ${p.depth} + 1, ?, ?, ` +
    `(? OR ${p.hidden} OR ${p.invisible} OR COALESCE((SELECT ${hc.isHidden} FROM ${hc} WHERE ${hc.id} = ?), FALSE)), ?, ?, ? ` +
    `FROM ${p} WHERE ${p.id} = ? RETURNING ${location.id}`,
);

/** Sets a location's path string to its parent's followed by its own id. */
export const SET_PATH_STRING = sql<[locationId: number]>(
  `UPDATE ${location} SET ${location.pathString} = ` +
    `(SELECT ${p.pathString} FROM ${p} WHERE ${p.id} = ${location.$qualified().parentId}) || CAST(${location.id} AS TEXT) || '/' ` +
    `WHERE ${location.id} = ?`,
);

/** Sets a location's hidden flag; returns its id (no row for an unknown location). */
export const SET_HIDDEN = sql<[hidden: boolean, locationId: number]>(
  `UPDATE ${location} SET ${location.hidden} = ? WHERE ${location.id} = ? RETURNING ${location.id}`,
);

/** Sets a content item's `is_hidden`. */
export const SET_CONTENT_HIDDEN = sql<[hidden: boolean, contentId: number]>(
  `UPDATE ${content} SET ${content.isHidden} = ? WHERE ${content.id} = ?`,
);

/** The locations of a content item, outermost first (to recompute their subtrees in order). */
export const LOCATIONS_OF_CONTENT_BY_DEPTH = sql<[contentId: number]>(
  `SELECT ${location.id} FROM ${location} WHERE ${location.contentId} = ? ORDER BY ${location.depth}, ${location.id}`,
);

/** The path string of a location. */
export const PATH_OF = sql<[locationId: number]>(`SELECT ${location.pathString} FROM ${location} WHERE ${location.id} = ?`);
