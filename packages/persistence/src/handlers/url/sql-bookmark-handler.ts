import type { BookmarkHandler } from '@contentrepo/core';
import { chunks } from '../../db/batches.js';
import type { SqlContext } from '../../db/sql-context.js';
import { placeholders, sql, StatementsBySize } from '../../db/statement.js';
import { TABLES } from '../../schema/index.js';

const { bookmark } = TABLES;
/** `bookmark` as the target of the swap, and the user's other bookmarks (`b2`). */
const moved = bookmark.$qualified();
const b2 = bookmark.$as('b2');

const CREATE = sql<[userId: number, locationId: number]>(
  `INSERT INTO ${bookmark} (${bookmark.userId}, ${bookmark.locationId}) VALUES (?, ?) ON CONFLICT DO NOTHING`,
);
const DELETE = sql<[userId: number, locationId: number]>(`DELETE FROM ${bookmark} WHERE ${bookmark.userId} = ? AND ${bookmark.locationId} = ?`);
const COUNT = sql<[userId: number]>(`SELECT COUNT(*) AS n FROM ${bookmark} WHERE ${bookmark.userId} = ?`);
const PAGE = sql<[userId: number, limit: number, offset: number]>(
  `SELECT ${bookmark.locationId} FROM ${bookmark} WHERE ${bookmark.userId} = ? ORDER BY ${bookmark.locationId} LIMIT ? OFFSET ?`,
);
const BOOKMARKED = new StatementsBySize(
  (size) => `SELECT ${bookmark.locationId} FROM ${bookmark} WHERE ${bookmark.userId} = ? AND ${bookmark.locationId} IN (${placeholders(size)})`,
);
const USERS_OF_LOCATIONS = new StatementsBySize(
  (size) => `SELECT DISTINCT ${bookmark.userId} FROM ${bookmark} WHERE ${bookmark.locationId} IN (${placeholders(size)})`,
);
const DELETE_LOCATIONS = new StatementsBySize((size) => `DELETE FROM ${bookmark} WHERE ${bookmark.locationId} IN (${placeholders(size)})`);
/** Moves bookmarks of one location to the other, except for users who bookmarked both (they keep both). */
const SWAP = sql<[first: number, second: number, first2: number, first3: number, second2: number, first4: number, second3: number]>(
  `UPDATE ${bookmark} SET ${bookmark.locationId} = CASE WHEN ${bookmark.locationId} = ? THEN CAST(? AS integer) ELSE CAST(? AS integer) END ` +
    `WHERE ${bookmark.locationId} IN (?, ?) AND NOT EXISTS (SELECT 1 FROM ${b2} WHERE ${b2.userId} = ${moved.userId} ` +
    `AND ${b2.locationId} IN (?, ?) AND ${b2.locationId} <> ${moved.locationId})`,
);

/** BookmarkHandler on the `bookmark` table of migration 0002 (user_id, location_id), ordered by location id. */
export class SqlBookmarkHandler implements BookmarkHandler {
  constructor(private readonly ctx: SqlContext) {}

  async create(userId: number, locationId: number): Promise<void> {
    await this.ctx.write(CREATE, [userId, locationId]);
  }

  async delete(userId: number, locationId: number): Promise<void> {
    await this.ctx.write(DELETE, [userId, locationId]);
  }

  async loadUserBookmarks(userId: number, offset: number, limit: number): Promise<{ readonly totalCount: number; readonly locationIds: readonly number[] }> {
    const count = await this.ctx.one(COUNT, [userId]);
    const rows = await this.ctx.all(PAGE, [userId, limit < 0 ? Number.MAX_SAFE_INTEGER : limit, offset]);
    return { totalCount: count?.int('n') ?? 0, locationIds: rows.map((row) => row.int(bookmark.locationId)) };
  }

  async loadBookmarked(userId: number, locationIds: readonly number[]): Promise<ReadonlySet<number>> {
    const found = new Set<number>();
    for (const ids of chunks([...new Set(locationIds)])) {
      for (const row of await this.ctx.all(BOOKMARKED.of(ids.length), [userId, ...ids])) found.add(row.int(bookmark.locationId));
    }
    return found;
  }

  async loadUserIdsByLocations(locationIds: readonly number[]): Promise<readonly number[]> {
    const users = new Set<number>();
    for (const ids of chunks([...new Set(locationIds)])) {
      for (const row of await this.ctx.all(USERS_OF_LOCATIONS.of(ids.length), ids)) users.add(row.int(bookmark.userId));
    }
    return [...users].sort((a, b) => a - b);
  }

  async deleteByLocations(locationIds: readonly number[]): Promise<void> {
    for (const ids of chunks([...new Set(locationIds)])) await this.ctx.write(DELETE_LOCATIONS.of(ids.length), ids);
  }

  async swapLocations(locationId: number, otherLocationId: number): Promise<void> {
    const [a, b] = [locationId, otherLocationId];
    await this.ctx.write(SWAP, [a, b, a, a, b, a, b]);
  }
}
