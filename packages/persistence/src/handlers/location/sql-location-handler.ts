import {
  NotFoundError,
  remoteIdKey,
  type Location,
  type LocationCreateRecord,
  type LocationHandler,
  type LocationPatch,
} from '@contentrepo/core';
import { chunks } from '../../db/batches.js';
import { sortFieldCode, sortOrderCode } from '../../db/codes.js';
import { whereStartsWith } from '../../db/path-range.js';
import type { SqlContext } from '../../db/sql-context.js';
import { convertUniqueViolation } from '../../db/unique-violation.js';
import { updateById } from '../../db/updates.js';
import { toLocation } from '../../mappers/location-rows.js';
import { TABLES } from '../../schema/index.js';
import { duplicateLocationRemoteId } from '../sql-duplicate-errors.js';
import {
  CHILD_COUNTS,
  INSERT_LOCATION,
  LOCATION_BY_ID,
  LOCATION_BY_REMOTE_ID,
  LOCATIONS_BY_IDS,
  LOCATIONS_OF_CONTENT,
  LOCATIONS_OF_CONTENT_BY_DEPTH,
  locationsWithContent,
  PATH_OF,
  SET_CONTENT_HIDDEN,
  SET_HIDDEN,
  SET_PATH_STRING,
} from './sql-location-queries.js';
import { moveSubtree, swapContent } from './sql-location-tree-moves.js';
import { recomputeVisibility } from './sql-location-visibility.js';

const { location } = TABLES;
const l = location.$as('l');

/**
 * LocationHandler on `location` (Ibexa `Location\Handler`, Legacy `ezcontentobject_tree`). Every load joins the
 * ContentInfo in the same query (content 0 of the virtual root is synthesised). Subtrees are path-string ranges
 * (see `db/path-range.ts`); subtree updates and deletes are single statements. Unknown ids give null (loads) or
 * NotFoundError (writes).
 *
 * Rows of `location` belong to published items only (the SPI's invariant): rows are inserted here for a published
 * item, by the trash when an item is recovered (`sql-trash-statements.ts`, the item published again in the same
 * transaction) and by the seed; a trashed item's rows move to `trash`. Location searches read no item status on
 * the strength of it (`search/search-query.ts`).
 */
export class SqlLocationHandler implements LocationHandler {
  constructor(private readonly ctx: SqlContext) {}

  async load(locationId: number): Promise<Location | null> {
    const row = await this.ctx.one(LOCATION_BY_ID, [locationId]);
    return row && toLocation(row);
  }

  async loadByRemoteId(remoteId: string): Promise<Location | null> {
    const row = await this.ctx.one(LOCATION_BY_REMOTE_ID, [remoteIdKey(remoteId)]);
    return row && toLocation(row);
  }

  async loadList(locationIds: readonly number[]): Promise<readonly Location[]> {
    const byId = new Map<number, Location>();
    for (const ids of chunks([...new Set(locationIds)])) {
      for (const row of await this.ctx.all(LOCATIONS_BY_IDS.of(ids.length), ids)) {
        const location = toLocation(row);
        byId.set(location.id, location);
      }
    }
    return locationIds.flatMap((id) => {
      const location = byId.get(id);
      return location ? [location] : [];
    });
  }

  /** Locations of a content item by id (the virtual root is never one). */
  async loadByContent(contentId: number): Promise<readonly Location[]> {
    const rows = await this.ctx.all(LOCATIONS_OF_CONTENT, [contentId]);
    return rows.map(toLocation);
  }

  async countChildren(locationIds: readonly number[]): Promise<ReadonlyMap<number, number>> {
    const counts = new Map<number, number>(locationIds.map((id) => [id, 0]));
    for (const ids of chunks([...new Set(locationIds)])) {
      const rows = await this.ctx.all(CHILD_COUNTS.of(ids.length), ids);
      for (const row of rows) counts.set(row.int(location.parentId), row.int('children'));
    }
    return counts;
  }

  /**
   * Creates a location under its parent: pathString = parent's + id + `/`, depth = parent's + 1, invisible when
   * hidden itself, when the parent is hidden or invisible, or when the content item is hidden. Three statements:
   * INSERT … SELECT from the parent (returning the id), the path string, and the load of the new location.
   * @throws NotFoundError unknown parent. @throws InvalidArgumentError when the remoteId is taken.
   */
  async create(record: LocationCreateRecord): Promise<Location> {
    return this.ctx.atomic(async (tx) => {
      const inserted = await convertUniqueViolation(
        tx,
        () =>
          tx.one(INSERT_LOCATION, [
            record.contentId,
            record.priority,
            record.hidden,
            record.hidden,
            record.contentId,
            record.remoteId,
            sortFieldCode(record.sortField),
            sortOrderCode(record.sortOrder),
            record.parentLocationId,
          ]),
        () => duplicateLocationRemoteId(record.remoteId),
      );
      if (!inserted) throw NotFoundError.location(record.parentLocationId);
      const id = inserted.int(location.id);
      await tx.write(SET_PATH_STRING, [id]);
      return requireLocation(tx, id);
    });
  }

  /** @throws NotFoundError unknown location. @throws InvalidArgumentError when the new remoteId is taken. */
  async update(locationId: number, patch: LocationPatch): Promise<Location> {
    const columns = {
      ...(patch.priority === undefined ? {} : { priority: patch.priority }),
      ...(patch.remoteId === undefined ? {} : { remoteId: patch.remoteId }),
      ...(patch.sortField === undefined ? {} : { sortField: sortFieldCode(patch.sortField) }),
      ...(patch.sortOrder === undefined ? {} : { sortOrder: sortOrderCode(patch.sortOrder) }),
    };
    if (Object.keys(columns).length > 0) {
      const { statement, params } = updateById(location, columns, locationId);
      await convertUniqueViolation(
        this.ctx,
        () => this.ctx.write(statement, params),
        () => duplicateLocationRemoteId(patch.remoteId ?? ''),
      );
    }
    return requireLocation(this.ctx, locationId);
  }

  /** Sets the flag and recomputes the subtree's visibility (two statements). @throws NotFoundError unknown location. */
  async setHidden(locationId: number, hidden: boolean): Promise<void> {
    await this.ctx.atomic(async (tx) => {
      if (!(await tx.one(SET_HIDDEN, [hidden, locationId]))) throw NotFoundError.location(locationId);
      await recomputeVisibility(tx, locationId);
    });
  }

  /**
   * Sets the item's `is_hidden` and recomputes the subtrees of all its locations (outermost first), as core's
   * reference handler does.
   */
  async setContentHidden(contentId: number, hidden: boolean): Promise<void> {
    await this.ctx.atomic(async (tx) => {
      await tx.write(SET_CONTENT_HIDDEN, [hidden, contentId]);
      for (const row of await tx.all(LOCATIONS_OF_CONTENT_BY_DEPTH, [contentId])) await recomputeVisibility(tx, row.int(location.id));
    });
  }

  async loadSubtreeContentIds(locationId: number): Promise<readonly number[]> {
    const path = await pathOf(this.ctx, locationId);
    if (path === null) return [];
    const query = this.ctx.kx(location.$name).distinct(location.contentId).whereNot(location.contentId, 0).orderBy(location.contentId);
    const rows = await this.ctx.rows(whereStartsWith(query, location.pathString, path));
    return rows.map((row) => row.int(location.contentId));
  }

  /** One range query on `path_string` (the subtree's ids, parents first). */
  async loadSubtreeIds(locationId: number): Promise<readonly number[]> {
    const path = await pathOf(this.ctx, locationId);
    if (path === null) return [];
    const query = this.ctx.kx(location.$name).select(location.id).orderBy(location.pathString);
    const rows = await this.ctx.rows(whereStartsWith(query, location.pathString, path));
    return rows.map((row) => row.int(location.id));
  }

  /** Deletes the subtree in one statement; returns its locations (with ContentInfo) in path order. */
  async deleteSubtree(locationId: number): Promise<readonly Location[]> {
    return this.ctx.atomic(async (tx) => {
      const path = await pathOf(tx, locationId);
      if (path === null) throw NotFoundError.location(locationId);
      const rows = await tx.rows(whereStartsWith(locationsWithContent(tx.kx).orderBy(l.pathString), l.pathString, path));
      await tx.exec(whereStartsWith(tx.kx(location.$name), location.pathString, path).delete());
      return rows.map(toLocation);
    });
  }

  move(locationId: number, newParentId: number): Promise<void> {
    return moveSubtree(this.ctx, locationId, newParentId);
  }

  swap(locationId: number, otherLocationId: number): Promise<void> {
    return swapContent(this.ctx, locationId, otherLocationId);
  }
}

async function pathOf(ctx: SqlContext, locationId: number): Promise<string | null> {
  const row = await ctx.one(PATH_OF, [locationId]);
  return row && row.str(location.pathString);
}

async function requireLocation(ctx: SqlContext, locationId: number): Promise<Location> {
  const row = await ctx.one(LOCATION_BY_ID, [locationId]);
  if (!row) throw NotFoundError.location(locationId);
  return toLocation(row);
}
