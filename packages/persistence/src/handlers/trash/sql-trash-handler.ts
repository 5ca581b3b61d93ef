import { NotFoundError, type TrashHandler, type TrashItem, type TrashSubtreeResult } from '@contentrepo/core';
import { chunks } from '../../db/batches.js';
import { toSeconds } from '../../db/dates.js';
import { prefixUpperBound } from '../../db/path-range.js';
import type { Row } from '../../db/row.js';
import type { SqlContext } from '../../db/sql-context.js';
import { placeholders, StatementsBySize } from '../../db/statement.js';
import { toLocation } from '../../mappers/location-rows.js';
import { TABLES } from '../../schema/index.js';
import { recomputeVisibility } from '../location/sql-location-visibility.js';
import {
  DELETE_ALL,
  DELETE_ITEM,
  DELETE_RESTORED,
  DELETE_SUBTREE,
  DETACH_BATCH,
  INSERT_RESTORED,
  INSERT_TRASH,
  ITEM_BATCH,
  LOCATION_PATH,
  MARK_RESTORED,
  MARK_TRASHED,
  MOVE_MAIN_LOCATIONS,
  RESTORED_IDS,
  SUBTREE_IDS,
  TRASH_ALL,
  TRASH_COUNT,
  TRASH_ITEM,
  TRASH_PAGE,
} from './sql-trash-statements.js';

const { trash, location } = TABLES;
const DELETE_OF_CONTENT = new StatementsBySize((size) => `DELETE FROM ${trash} WHERE ${trash.contentId} IN (${placeholders(size)})`);

const toTrashItem = (row: Row): TrashItem => ({ ...toLocation(row), trashed: row.date(trash.trashed), childCount: row.int('child_count') });

/**
 * TrashHandler on `trash` (Ibexa Legacy `ezcontentobject_trash`, migration 0005). Trashing and restoring a subtree
 * is a fixed number of set-based statements whatever its size: path ranges on the way in, one recursive walk of
 * the batch on the way out.
 */
export class SqlTrashHandler implements TrashHandler {
  constructor(private readonly ctx: SqlContext) {}

  trashSubtree(locationId: number, trashed: Date): Promise<TrashSubtreeResult> {
    return this.ctx.atomic(async (tx) => {
      const root = await tx.one(LOCATION_PATH, [locationId]);
      if (!root) throw NotFoundError.location(locationId);
      const from = root.str(location.pathString);
      const to = prefixUpperBound(from);
      if (to === null) throw new Error(`Location ${locationId} has an empty path string`);
      const removed = (await tx.all(SUBTREE_IDS, [from, to])).map((row) => row.int(location.id));
      await tx.write(DETACH_BATCH, [locationId]);
      await tx.write(INSERT_TRASH, [locationId, toSeconds(trashed), from, to, from, to, to]);
      await tx.write(MARK_TRASHED, [locationId, locationId]);
      await tx.write(MOVE_MAIN_LOCATIONS, [from, to, from, to, from, to]);
      await tx.write(DELETE_SUBTREE, [from, to]);
      const item = await tx.one(TRASH_ITEM, [locationId]);
      return { trashItem: item && toTrashItem(item), removedLocationIds: removed };
    });
  }

  async loadTrashItem(trashItemId: number): Promise<TrashItem | null> {
    const row = await this.ctx.one(TRASH_ITEM, [trashItemId]);
    return row && toTrashItem(row);
  }

  async findTrashItems(offset: number, limit: number): Promise<{ readonly totalCount: number; readonly items: readonly TrashItem[] }> {
    const count = await this.ctx.one(TRASH_COUNT, []);
    const rows =
      limit < 0 && offset === 0 ? await this.ctx.all(TRASH_ALL, []) : await this.ctx.all(TRASH_PAGE, [limit < 0 ? Number.MAX_SAFE_INTEGER : limit, offset]);
    return { totalCount: count?.int('n') ?? 0, items: rows.map(toTrashItem) };
  }

  recover(trashItemId: number, newParentId: number): Promise<readonly number[]> {
    return this.ctx.atomic(async (tx) => {
      const item = await tx.one(ITEM_BATCH, [trashItemId]);
      if (!item) throw new NotFoundError('TrashItem', trashItemId);
      const parent = await tx.one(LOCATION_PATH, [newParentId]);
      if (!parent) throw NotFoundError.location(newParentId);
      const rootId = item.int(trash.rootId);
      const path = item.str(trash.pathString);
      const oldParentPath = path.slice(0, path.length - `${trashItemId}/`.length);
      const ids = (await tx.all(RESTORED_IDS, [trashItemId, rootId])).map((row) => row.int(trash.id));
      await tx.write(INSERT_RESTORED, [
        trashItemId,
        rootId,
        trashItemId,
        newParentId,
        parent.str(location.pathString),
        oldParentPath.length + 1,
        parent.int(location.depth) + 1 - item.int(trash.depth),
      ]);
      await recomputeVisibility(tx, trashItemId);
      await tx.write(MARK_RESTORED, [trashItemId, rootId]);
      await tx.write(DELETE_RESTORED, [trashItemId, rootId]);
      return ids;
    });
  }

  async deleteTrashItem(trashItemId: number): Promise<number | null> {
    const row = await this.ctx.one(DELETE_ITEM, [trashItemId]);
    return row && row.int(trash.contentId);
  }

  async emptyTrash(): Promise<readonly number[]> {
    return (await this.ctx.all(DELETE_ALL, [])).map((row) => row.int(trash.contentId));
  }

  async deleteTrashItemsOfContent(contentIds: readonly number[]): Promise<void> {
    for (const ids of chunks([...new Set(contentIds)])) await this.ctx.write(DELETE_OF_CONTENT.of(ids.length), ids);
  }
}
