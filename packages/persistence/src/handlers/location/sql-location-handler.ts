import {
  NotFoundError,
  type Location,
  type LocationCreateRecord,
  type LocationHandler,
  type LocationPatch,
} from '@contentrepo/core';
import { chunks } from '../../db/batches.js';
import { sortFieldCode, sortOrderCode } from '../../db/codes.js';
import { insertReturningId } from '../../db/inserts.js';
import { whereStartsWith } from '../../db/path-range.js';
import type { SqlContext } from '../../db/sql-context.js';
import { convertUniqueViolation } from '../../db/unique-violation.js';
import { toLocation } from '../../mappers/location.js';
import type { DbRow } from '../../mappers/row-encoders.js';
import { duplicateLocationRemoteId } from '../duplicate-errors.js';
import { LOCATION_BY_ID, LOCATION_BY_REMOTE_ID, LOCATIONS_OF_CONTENT, locationsWithContent } from './location-queries.js';
import { moveSubtree, swapContent } from './location-tree-moves.js';
import { recomputeVisibility } from './location-visibility.js';

/**
 * LocationHandler on `location` (Ibexa `Location\Handler`, Legacy `ezcontentobject_tree`). Every load joins the
 * ContentInfo in the same query (content 0 of the virtual root is synthesised). Subtrees are path-string ranges
 * (see `db/path-range.ts`); subtree updates and deletes are single statements. Unknown ids give null (loads) or
 * NotFoundError (writes).
 */
export class SqlLocationHandler implements LocationHandler {
  constructor(private readonly ctx: SqlContext) {}

  async load(locationId: number): Promise<Location | null> {
    const [row] = await this.ctx.prepared(LOCATION_BY_ID, [locationId]);
    return row ? toLocation(row) : null;
  }

  async loadByRemoteId(remoteId: string): Promise<Location | null> {
    const [row] = await this.ctx.prepared(LOCATION_BY_REMOTE_ID, [remoteId]);
    return row ? toLocation(row) : null;
  }

  async loadList(locationIds: readonly number[]): Promise<readonly Location[]> {
    const byId = new Map<number, Location>();
    for (const ids of chunks([...new Set(locationIds)])) {
      for (const row of await this.ctx.rows(locationsWithContent(this.ctx.kx).whereIn('l.id', ids))) {
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
    const rows = await this.ctx.prepared(LOCATIONS_OF_CONTENT, [contentId]);
    return rows.map(toLocation);
  }

  async countChildren(locationIds: readonly number[]): Promise<ReadonlyMap<number, number>> {
    const counts = new Map<number, number>(locationIds.map((id) => [id, 0]));
    for (const ids of chunks([...new Set(locationIds)])) {
      const rows = await this.ctx.rows(
        this.ctx
          .kx('location')
          .select('parent_id')
          .count({ children: '*' })
          .whereIn('parent_id', ids)
          .whereRaw('id <> parent_id')
          .groupBy('parent_id'),
      );
      for (const row of rows) counts.set(row.int('parent_id'), row.int('children'));
    }
    return counts;
  }

  /**
   * Creates a location under its parent: pathString = parent's + id + `/`, depth = parent's + 1, invisible when
   * hidden itself, when the parent is hidden or invisible, or when the content item is hidden.
   * @throws NotFoundError unknown parent. @throws InvalidArgumentError when the remoteId is taken.
   */
  async create(record: LocationCreateRecord): Promise<Location> {
    return this.ctx.atomic(async (tx) => {
      const parent = await tx.first(
        tx.kx('location').select('path_string', 'depth', 'hidden', 'invisible').where('id', record.parentLocationId),
      );
      if (!parent) throw NotFoundError.location(record.parentLocationId);
      const content = await tx.first(tx.kx('content').select('is_hidden').where('id', record.contentId));
      const invisible =
        record.hidden || parent.bool('hidden') || parent.bool('invisible') || (content?.bool('is_hidden') ?? false);
      const id = await convertUniqueViolation(
        tx,
        () =>
          insertReturningId(tx, 'location', {
            parent_id: record.parentLocationId,
            content_id: record.contentId,
            path_string: '',
            depth: parent.int('depth') + 1,
            priority: record.priority,
            hidden: record.hidden,
            invisible,
            remote_id: record.remoteId,
            sort_field: sortFieldCode(record.sortField),
            sort_order: sortOrderCode(record.sortOrder),
          }),
        () => duplicateLocationRemoteId(record.remoteId),
      );
      await tx.exec(tx.kx('location').where('id', id).update({ path_string: `${parent.str('path_string')}${id}/` }));
      return requireLocation(tx, id);
    });
  }

  /** @throws NotFoundError unknown location. @throws InvalidArgumentError when the new remoteId is taken. */
  async update(locationId: number, patch: LocationPatch): Promise<Location> {
    const columns: DbRow = {};
    if (patch.priority !== undefined) columns['priority'] = patch.priority;
    if (patch.remoteId !== undefined) columns['remote_id'] = patch.remoteId;
    if (patch.sortField !== undefined) columns['sort_field'] = sortFieldCode(patch.sortField);
    if (patch.sortOrder !== undefined) columns['sort_order'] = sortOrderCode(patch.sortOrder);
    if (Object.keys(columns).length > 0) {
      await convertUniqueViolation(
        this.ctx,
        () => this.ctx.exec(this.ctx.kx('location').where('id', locationId).update(columns)),
        () => duplicateLocationRemoteId(patch.remoteId ?? ''),
      );
    }
    return requireLocation(this.ctx, locationId);
  }

  /** @throws NotFoundError unknown location. */
  async setHidden(locationId: number, hidden: boolean): Promise<void> {
    await this.ctx.atomic(async (tx) => {
      const row = await tx.first(tx.kx('location').select('id', 'parent_id').where('id', locationId));
      if (!row) throw NotFoundError.location(locationId);
      await tx.exec(tx.kx('location').where('id', locationId).update({ hidden }));
      await recomputeVisibility(tx, { id: locationId, parentId: row.int('parent_id') });
    });
  }

  /**
   * Sets the item's `is_hidden` and recomputes the subtrees of all its locations (outermost first), as core's
   * reference handler does.
   */
  async setContentHidden(contentId: number, hidden: boolean): Promise<void> {
    await this.ctx.atomic(async (tx) => {
      await tx.exec(tx.kx('content').where('id', contentId).update({ is_hidden: hidden }));
      const rows = await tx.rows(
        tx.kx('location').select('id', 'parent_id').where('content_id', contentId).orderBy(['depth', 'id']),
      );
      for (const row of rows) await recomputeVisibility(tx, { id: row.int('id'), parentId: row.int('parent_id') });
    });
  }

  async loadSubtreeContentIds(locationId: number): Promise<readonly number[]> {
    const path = await pathOf(this.ctx, locationId);
    if (path === null) return [];
    const query = this.ctx.kx('location').distinct('content_id').whereNot('content_id', 0).orderBy('content_id');
    const rows = await this.ctx.rows(whereStartsWith(query, 'path_string', path));
    return rows.map((row) => row.int('content_id'));
  }

  /** Deletes the subtree in one statement; returns its locations (with ContentInfo) in path order. */
  async deleteSubtree(locationId: number): Promise<readonly Location[]> {
    return this.ctx.atomic(async (tx) => {
      const path = await pathOf(tx, locationId);
      if (path === null) throw NotFoundError.location(locationId);
      const rows = await tx.rows(whereStartsWith(locationsWithContent(tx.kx).orderBy('l.path_string'), 'l.path_string', path));
      await tx.exec(whereStartsWith(tx.kx('location'), 'path_string', path).delete());
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
  const row = await ctx.first(ctx.kx('location').select('path_string').where('id', locationId));
  return row && row.str('path_string');
}

async function requireLocation(ctx: SqlContext, locationId: number): Promise<Location> {
  const [row] = await ctx.prepared(LOCATION_BY_ID, [locationId]);
  if (!row) throw NotFoundError.location(locationId);
  return toLocation(row);
}
