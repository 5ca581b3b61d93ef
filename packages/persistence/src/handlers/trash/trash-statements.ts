import { contentStatusCode } from '../../db/codes.js';
import { sql } from '../../db/statement.js';
import { contentInfoSelect } from '../../mappers/content-info.js';
import { LOCATION_COLUMNS } from '../../mappers/location.js';

/**
 * The trash handler's statements (`db/statement.ts`). A subtree is the path range `[p, u)` (`db/path-range.ts`);
 * a restore batch is the recursive walk `r` from an item down its batch's items by original parent.
 */

const TRASHED = contentStatusCode('TRASHED');
const PUBLISHED = contentStatusCode('PUBLISHED');

/** Trash items (`t`) with their content (`c`) and the number of items below them. */
const ITEM_SELECT =
  `SELECT ${LOCATION_COLUMNS.map((column) => `t.${column}`).join(', ')}, t.trashed, ` +
  '(SELECT COUNT(*) FROM trash k WHERE k.parent_id = t.id AND k.id <> t.id) AS child_count, ' +
  `${contentInfoSelect('c', 'c_').join(', ')} FROM trash t LEFT JOIN content c ON c.id = t.content_id`;

export const TRASH_ITEM = sql<[trashItemId: number]>(`${ITEM_SELECT} WHERE t.id = ?`);
export const TRASH_PAGE = sql<[limit: number, offset: number]>(`${ITEM_SELECT} ORDER BY t.id LIMIT ? OFFSET ?`);
export const TRASH_ALL = sql<[]>(`${ITEM_SELECT} ORDER BY t.id`);
export const TRASH_COUNT = sql<[]>('SELECT COUNT(*) AS n FROM trash');

export const LOCATION_PATH = sql<[locationId: number]>('SELECT id, path_string, depth FROM location WHERE id = ?');
export const ITEM_BATCH = sql<[trashItemId: number]>('SELECT root_id, path_string, depth FROM trash WHERE id = ?');

/** Items left in a batch by earlier operations leave it, so that a batch id means one `trashSubtree` call. */
export const DETACH_BATCH = sql<[rootId: number]>('UPDATE trash SET root_id = id WHERE root_id = ?');

/** Content at `l` has no location outside the range `[?, ?)`. */
const NOTHING_OUTSIDE = 'NOT EXISTS (SELECT 1 FROM location o WHERE o.content_id = l.content_id AND (o.path_string < ? OR o.path_string >= ?))';
/** `l` is the content's last location in path order within the range ending at `?`. */
const LAST_INSIDE = 'NOT EXISTS (SELECT 1 FROM location o2 WHERE o2.content_id = l.content_id AND o2.path_string > l.path_string AND o2.path_string < ?)';

/** Copies the locations that become trash items into the trash. */
export const INSERT_TRASH = sql<[rootId: number, trashed: number, from: string, to: string, from2: string, to2: string, to3: string]>(
  `INSERT INTO trash (id, root_id, ${LOCATION_COLUMNS.filter((column) => column !== 'id').join(', ')}, trashed) ` +
    `SELECT l.id, ?, ${LOCATION_COLUMNS.filter((column) => column !== 'id').map((column) => `l.${column}`).join(', ')}, ? ` +
    `FROM location l WHERE l.path_string >= ? AND l.path_string < ? AND l.content_id <> 0 AND ${NOTHING_OUTSIDE} AND ${LAST_INSIDE}`,
);

/** The batch's contents become TRASHED with their trash item as main location. */
export const MARK_TRASHED = sql<[rootId: number, rootId2: number]>(
  `UPDATE content SET status = ${TRASHED}, ` +
    'main_location_id = (SELECT MAX(t.id) FROM trash t WHERE t.content_id = content.id AND t.root_id = ?) ' +
    'WHERE id IN (SELECT t.content_id FROM trash t WHERE t.root_id = ?)',
);

/** Content keeping a location outside the range whose main location is inside gets its lowest outside location. */
export const MOVE_MAIN_LOCATIONS = sql<[from: string, to: string, from2: string, to2: string, from3: string, to3: string]>(
  'UPDATE content SET main_location_id = (SELECT MIN(o.id) FROM location o WHERE o.content_id = content.id AND (o.path_string < ? OR o.path_string >= ?)) ' +
    'WHERE main_location_id IN (SELECT l.id FROM location l WHERE l.path_string >= ? AND l.path_string < ?) ' +
    'AND EXISTS (SELECT 1 FROM location o WHERE o.content_id = content.id AND (o.path_string < ? OR o.path_string >= ?))',
);

export const SUBTREE_IDS = sql<[from: string, to: string]>('SELECT id FROM location WHERE path_string >= ? AND path_string < ? ORDER BY path_string');
export const DELETE_SUBTREE = sql<[from: string, to: string]>('DELETE FROM location WHERE path_string >= ? AND path_string < ?');

/** The batch items reachable from an item (the item first): `WITH RECURSIVE r(id, depth) …`. */
const RESTORED =
  'WITH RECURSIVE r(id) AS (SELECT id FROM trash WHERE id = ? ' +
  'UNION ALL SELECT t.id FROM trash t JOIN r ON t.parent_id = r.id WHERE t.root_id = ? AND t.id <> t.parent_id) ';

export const RESTORED_IDS = sql<[itemId: number, rootId: number]>(
  `${RESTORED}SELECT t.id FROM trash t WHERE t.id IN (SELECT id FROM r) ORDER BY t.depth, t.path_string`,
);

/** A new random remoteId for a restored location whose remoteId was taken meanwhile. */
const FRESH_REMOTE_ID = { sqlite: 'lower(hex(randomblob(16)))', postgresql: 'md5(random()::text || t.id::text)' } as const;

const insertRestored = (fresh: string): string =>
  `${RESTORED}INSERT INTO location (${LOCATION_COLUMNS.join(', ')}) ` +
  'SELECT t.id, CASE WHEN t.id = ? THEN ? ELSE t.parent_id END, t.content_id, ? || substr(t.path_string, ?), t.depth + ?, ' +
  't.priority, t.hidden, t.invisible, ' +
  `CASE WHEN EXISTS (SELECT 1 FROM location o WHERE o.remote_id = t.remote_id) THEN ${fresh} ELSE t.remote_id END, ` +
  't.sort_field, t.sort_order FROM trash t WHERE t.id IN (SELECT id FROM r)';

/** Puts the batch back into the tree below the new parent, path strings and depths rebased. */
export const INSERT_RESTORED = sql<
  [itemId: number, rootId: number, itemId2: number, parentId: number, parentPath: string, keepFrom: number, depthShift: number]
>({ sqlite: insertRestored(FRESH_REMOTE_ID.sqlite), postgresql: insertRestored(FRESH_REMOTE_ID.postgresql) });

/** The restored contents are PUBLISHED again, their restored location the main one. */
export const MARK_RESTORED = sql<[itemId: number, rootId: number]>(
  `${RESTORED}UPDATE content SET status = ${PUBLISHED}, ` +
    'main_location_id = (SELECT MIN(t.id) FROM trash t WHERE t.content_id = content.id AND t.id IN (SELECT id FROM r)) ' +
    'WHERE id IN (SELECT t.content_id FROM trash t WHERE t.id IN (SELECT id FROM r))',
);

export const DELETE_RESTORED = sql<[itemId: number, rootId: number]>(`${RESTORED}DELETE FROM trash WHERE id IN (SELECT id FROM r)`);

export const DELETE_ITEM = sql<[trashItemId: number]>('DELETE FROM trash WHERE id = ? RETURNING content_id');
export const DELETE_ALL = sql<[]>('DELETE FROM trash RETURNING content_id');
