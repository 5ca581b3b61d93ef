import { type Location, type LocationRecord, ROOT_CONTENT_INFO } from '@contentrepo/core';
import { sortFieldOf, sortOrderOf } from '../db/codes.js';
import type { Row } from '../db/row.js';
import { contentInfoSelect, toContentInfo } from './content-info.js';

/** Columns of `location`. */
export const LOCATION_COLUMNS = [
  'id',
  'parent_id',
  'content_id',
  'path_string',
  'depth',
  'priority',
  'hidden',
  'invisible',
  'remote_id',
  'sort_field',
  'sort_order',
] as const;

/** Prefix of the content columns joined to a location row. */
const CONTENT_PREFIX = 'c_';

/**
 * Select list of a location (alias `l`) with its ContentInfo (alias `c`, left-joined on `c.id = l.content_id`):
 * one query returns both, per the LocationHandler contract.
 */
export function locationWithContentSelect(): string[] {
  return [...LOCATION_COLUMNS.map((column) => `l.${column}`), ...contentInfoSelect('c', CONTENT_PREFIX)];
}

/** A location's own columns. */
export function toLocationRecord(row: Row): LocationRecord {
  return {
    id: row.int('id'),
    parentLocationId: row.int('parent_id'),
    contentId: row.int('content_id'),
    pathString: row.str('path_string'),
    depth: row.int('depth'),
    priority: row.int('priority'),
    hidden: row.bool('hidden'),
    invisible: row.bool('invisible'),
    remoteId: row.str('remote_id'),
    sortField: sortFieldOf(row.int('sort_field')),
    sortOrder: sortOrderOf(row.int('sort_order')),
  };
}

/**
 * A Location from a row of {@link locationWithContentSelect}. Content 0 (the virtual root) gets the synthesised
 * root ContentInfo.
 * @throws Error when a location refers to a missing content item other than 0 (broken storage).
 */
export function toLocation(row: Row): Location {
  const record = toLocationRecord(row);
  if (row.isNull(`${CONTENT_PREFIX}id`)) {
    if (record.contentId !== 0) throw new Error(`Location ${record.id} refers to missing content ${record.contentId}`);
    return { ...record, contentInfo: ROOT_CONTENT_INFO };
  }
  return { ...record, contentInfo: toContentInfo(row, CONTENT_PREFIX) };
}
