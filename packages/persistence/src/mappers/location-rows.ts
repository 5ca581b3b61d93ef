import { type Location, type LocationRecord, ROOT_CONTENT_INFO } from '@contentrepo/core';
import { sortFieldOf, sortOrderOf } from '../db/codes.js';
import type { Row } from '../db/row.js';
import { TABLES } from '../schema/index.js';
import { contentInfoSelect, toContentInfo } from './content-info-rows.js';

const { location } = TABLES;

/** Column keys of `location`, in table order. */
export const LOCATION_KEYS = location.$keys;

/** Prefix of the content columns joined to a location row. */
const CONTENT_PREFIX = 'c_';

/**
 * Select list of a location (alias `l`) with its ContentInfo (alias `c`, left-joined on `c.id = l.content_id`):
 * one query returns both, per the LocationHandler contract.
 */
export function locationWithContentSelect(): string[] {
  const l = location.$as('l');
  return [...LOCATION_KEYS.map((key) => l[key]), ...contentInfoSelect(TABLES.content.$as('c'), CONTENT_PREFIX)];
}

/** A location's own columns. */
export function toLocationRecord(row: Row): LocationRecord {
  return {
    id: row.int(location.id),
    parentLocationId: row.int(location.parentId),
    contentId: row.int(location.contentId),
    pathString: row.str(location.pathString),
    depth: row.int(location.depth),
    priority: row.int(location.priority),
    hidden: row.bool(location.hidden),
    invisible: row.bool(location.invisible),
    remoteId: row.str(location.remoteId),
    sortField: sortFieldOf(row.int(location.sortField)),
    sortOrder: sortOrderOf(row.int(location.sortOrder)),
  };
}

/**
 * A Location from a row of {@link locationWithContentSelect}. Content 0 (the virtual root) gets the synthesised
 * root ContentInfo.
 * @throws Error when a location refers to a missing content item other than 0 (broken storage).
 */
export function toLocation(row: Row): Location {
  const record = toLocationRecord(row);
  if (row.isNull(`${CONTENT_PREFIX}${TABLES.content.id}`)) {
    if (record.contentId !== 0) throw new Error(`Location ${record.id} refers to missing content ${record.contentId}`);
    return { ...record, contentInfo: ROOT_CONTENT_INFO };
  }
  return { ...record, contentInfo: toContentInfo(row, CONTENT_PREFIX) };
}
