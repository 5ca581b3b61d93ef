import { contentStatusCode } from '../../db/codes.js';
import { remoteIdKeyOf } from '../../db/remote-id-sql.js';
import { sql } from '../../db/statement.js';
import { contentInfoSelect } from '../../mappers/content-info-rows.js';
import { LOCATION_KEYS } from '../../mappers/location-rows.js';
import { TABLES } from '../../schema/index.js';

/**
 * The trash handler's statements (`db/statement.ts`). A subtree is the path range `[p, u)` (`db/path-range.ts`);
 * a restore batch is the recursive walk `r` from an item down its batch's items by original parent.
 */

const TRASHED = contentStatusCode('TRASHED');
const PUBLISHED = contentStatusCode('PUBLISHED');

const { trash, location, content } = TABLES;
/** Trash items (`t`, `k` below them), locations of the trashed subtree (`l`) and elsewhere (`o`, `o2`), items (`c`). */
const t = trash.$as('t');
const k = trash.$as('k');
const l = location.$as('l');
const o = location.$as('o');
const o2 = location.$as('o2');
const c = content.$as('c');
/** `content` as the target of an UPDATE, referred to from its subqueries. */
const updated = content.$qualified();
/** The columns a trash item shares with its location, but the id. */
const MOVED_KEYS = LOCATION_KEYS.filter((key) => key !== 'id');

/** Trash items (`t`) with their content (`c`) and the number of items below them. */
const ITEM_SELECT =
  `SELECT ${t.$list(LOCATION_KEYS)}, ${t.trashed}, ` +
  `(SELECT COUNT(*) FROM ${k} WHERE ${k.parentId} = ${t.id} AND ${k.id} <> ${t.id}) AS child_count, ` +
  `${contentInfoSelect(c, 'c_').join(', ')} FROM ${t} LEFT JOIN ${c} ON ${c.id} = ${t.contentId}`;

export const TRASH_ITEM = sql<[trashItemId: number]>(`${ITEM_SELECT} WHERE ${t.id} = ?`);
export const TRASH_PAGE = sql<[limit: number, offset: number]>(`${ITEM_SELECT} ORDER BY ${t.id} LIMIT ? OFFSET ?`);
export const TRASH_ALL = sql<[]>(`${ITEM_SELECT} ORDER BY ${t.id}`);
export const TRASH_COUNT = sql<[]>(`SELECT COUNT(*) AS n FROM ${trash}`);

export const LOCATION_PATH = sql<[locationId: number]>(
  `SELECT ${location.$list(['id', 'pathString', 'depth'])} FROM ${location} WHERE ${location.id} = ?`,
);
export const ITEM_BATCH = sql<[trashItemId: number]>(
  `SELECT ${trash.$list(['rootId', 'pathString', 'depth'])} FROM ${trash} WHERE ${trash.id} = ?`,
);

/** Items left in a batch by earlier operations leave it, so that a batch id means one `trashSubtree` call. */
export const DETACH_BATCH = sql<[rootId: number]>(`UPDATE ${trash} SET ${trash.rootId} = ${trash.id} WHERE ${trash.rootId} = ?`);

/** Content at `l` has no location outside the range `[?, ?)`. */
const NOTHING_OUTSIDE = `NOT EXISTS (SELECT 1 FROM ${o} WHERE ${o.contentId} = ${l.contentId} AND (${o.pathString} < ? OR ${o.pathString} >= ?))`;
/** `l` is the content's last location in path order within the range ending at `?`. */
const LAST_INSIDE =
  `NOT EXISTS (SELECT 1 FROM ${o2} WHERE ${o2.contentId} = ${l.contentId} AND ${o2.pathString} > ${l.pathString} ` +
  `AND ${o2.pathString} < ?)`;

/** Copies the locations that become trash items into the trash. */
export const INSERT_TRASH = sql<[rootId: number, trashed: number, from: string, to: string, from2: string, to2: string, to3: string]>(
  `INSERT INTO ${trash} (${trash.id}, ${trash.rootId}, ${trash.$list(MOVED_KEYS)}, ${trash.trashed}) ` +
    `SELECT ${l.id}, ?, ${l.$list(MOVED_KEYS)}, ? ` +
    `FROM ${l} WHERE ${l.pathString} >= ? AND ${l.pathString} < ? AND ${l.contentId} <> 0 AND ${NOTHING_OUTSIDE} AND ${LAST_INSIDE}`,
);

/** The batch's contents become TRASHED with their trash item as main location. */
export const MARK_TRASHED = sql<[rootId: number, rootId2: number]>(
  `UPDATE ${content} SET ${content.status} = ${TRASHED}, ` +
    `${content.mainLocationId} = (SELECT MAX(${t.id}) FROM ${t} WHERE ${t.contentId} = ${updated.id} AND ${t.rootId} = ?) ` +
    `WHERE ${content.id} IN (SELECT ${t.contentId} FROM ${t} WHERE ${t.rootId} = ?)`,
);

/** Content keeping a location outside the range whose main location is inside gets its lowest outside location. */
export const MOVE_MAIN_LOCATIONS = sql<[from: string, to: string, from2: string, to2: string, from3: string, to3: string]>(
  `UPDATE ${content} SET ${content.mainLocationId} = ` +
    `(SELECT MIN(${o.id}) FROM ${o} WHERE ${o.contentId} = ${updated.id} AND (${o.pathString} < ? OR ${o.pathString} >= ?)) ` +
    `WHERE ${content.mainLocationId} IN (SELECT ${l.id} FROM ${l} WHERE ${l.pathString} >= ? AND ${l.pathString} < ?) ` +
    `AND EXISTS (SELECT 1 FROM ${o} WHERE ${o.contentId} = ${updated.id} AND (${o.pathString} < ? OR ${o.pathString} >= ?))`,
);

export const SUBTREE_IDS = sql<[from: string, to: string]>(
  `SELECT ${location.id} FROM ${location} WHERE ${location.pathString} >= ? AND ${location.pathString} < ? ORDER BY ${location.pathString}`,
);
export const DELETE_SUBTREE = sql<[from: string, to: string]>(
  `DELETE FROM ${location} WHERE ${location.pathString} >= ? AND ${location.pathString} < ?`,
);

/** The batch items reachable from an item (the item first): `WITH RECURSIVE r(id, depth) …`. */
const RESTORED =
  `WITH RECURSIVE r(id) AS (SELECT ${trash.id} FROM ${trash} WHERE ${trash.id} = ? ` +
  `UNION ALL SELECT ${t.id} FROM ${t} JOIN r ON ${t.parentId} = r.id WHERE ${t.rootId} = ? AND ${t.id} <> ${t.parentId}) `;

export const RESTORED_IDS = sql<[itemId: number, rootId: number]>(
  `${RESTORED}SELECT ${t.id} FROM ${t} WHERE ${t.id} IN (SELECT id FROM r) ORDER BY ${t.depth}, ${t.pathString}`,
);

/** A new random remoteId for a restored location whose remoteId was taken meanwhile (case-insensitively). */
const FRESH_REMOTE_ID = { sqlite: 'lower(hex(randomblob(16)))', postgresql: `md5(random()::text || ${t.id}::text)` } as const;

const insertRestored = (fresh: string): string =>
  `${RESTORED}INSERT INTO ${location} (${location.$list(LOCATION_KEYS)}) ` +
  `SELECT ${t.id}, CASE WHEN ${t.id} = ? THEN ? ELSE ${t.parentId} END, ${t.contentId}, ? || substr(${t.pathString}, ?), ${t.depth} + ?, ` +
  `${t.$list(['priority', 'hidden', 'invisible'])}, ` +
  `CASE WHEN EXISTS (SELECT 1 FROM ${o} WHERE ${remoteIdKeyOf(o.remoteId)} = ${remoteIdKeyOf(t.remoteId)}) THEN ${fresh} ELSE ${t.remoteId} END, ` +
  `${t.$list(['sortField', 'sortOrder'])} FROM ${t} WHERE ${t.id} IN (SELECT id FROM r)`;

/** Puts the batch back into the tree below the new parent, path strings and depths rebased. */
export const INSERT_RESTORED = sql<
  [itemId: number, rootId: number, itemId2: number, parentId: number, parentPath: string, keepFrom: number, depthShift: number]
>({ sqlite: insertRestored(FRESH_REMOTE_ID.sqlite), postgresql: insertRestored(FRESH_REMOTE_ID.postgresql) });

/** The restored contents are PUBLISHED again, their restored location the main one. */
export const MARK_RESTORED = sql<[itemId: number, rootId: number]>(
  `${RESTORED}UPDATE ${content} SET ${content.status} = ${PUBLISHED}, ` +
    `${content.mainLocationId} = (SELECT MIN(${t.id}) FROM ${t} WHERE ${t.contentId} = ${updated.id} AND ${t.id} IN (SELECT id FROM r)) ` +
    `WHERE ${content.id} IN (SELECT ${t.contentId} FROM ${t} WHERE ${t.id} IN (SELECT id FROM r))`,
);

export const DELETE_RESTORED = sql<[itemId: number, rootId: number]>(`${RESTORED}DELETE FROM ${trash} WHERE ${trash.id} IN (SELECT id FROM r)`);

export const DELETE_ITEM = sql<[trashItemId: number]>(`DELETE FROM ${trash} WHERE ${trash.id} = ? RETURNING ${trash.contentId}`);
export const DELETE_ALL = sql<[]>(`DELETE FROM ${trash} RETURNING ${trash.contentId}`);
