import type { ContentInfo } from '@contentrepo/core';
import { contentStatusOf } from '../db/codes.js';
import type { Row } from '../db/row.js';

/** Columns of `content` that make a ContentInfo. */
export const CONTENT_INFO_COLUMNS = [
  'id',
  'content_type_id',
  'name',
  'section_id',
  'current_version_no',
  'owner_id',
  'modified',
  'published',
  'always_available',
  'remote_id',
  'main_language_code',
  'main_location_id',
  'status',
  'is_hidden',
] as const;

/** Select list of the ContentInfo columns of table alias `alias`, each aliased `<prefix><column>`. */
export function contentInfoSelect(alias: string, prefix = ''): string[] {
  return CONTENT_INFO_COLUMNS.map((column) => (prefix ? `${alias}.${column} as ${prefix}${column}` : `${alias}.${column}`));
}

/** A ContentInfo from a row holding the {@link CONTENT_INFO_COLUMNS} (optionally prefixed). */
export function toContentInfo(row: Row, prefix = ''): ContentInfo {
  return {
    id: row.int(`${prefix}id`),
    contentTypeId: row.int(`${prefix}content_type_id`),
    name: row.str(`${prefix}name`),
    sectionId: row.int(`${prefix}section_id`),
    currentVersionNo: row.int(`${prefix}current_version_no`),
    ownerId: row.int(`${prefix}owner_id`),
    modificationDate: row.date(`${prefix}modified`),
    publishedDate: row.dateOrNull(`${prefix}published`),
    alwaysAvailable: row.bool(`${prefix}always_available`),
    remoteId: row.str(`${prefix}remote_id`),
    mainLanguageCode: row.str(`${prefix}main_language_code`),
    mainLocationId: row.intOrNull(`${prefix}main_location_id`),
    status: contentStatusOf(row.int(`${prefix}status`)),
    isHidden: row.bool(`${prefix}is_hidden`),
  };
}

/** Id of the virtual root location, which refers to content 0 (no row). */
export const ROOT_LOCATION_ID = 1;

/**
 * The ContentInfo synthesised for the virtual root location (content id 0, no row), per
 * search-auth-errors-data.md D.1: "Top Level Nodes", type 1, section 1, owner 14, published, always available.
 * Dated at the Unix epoch, like core's in-memory reference persistence.
 */
export const ROOT_CONTENT_INFO: ContentInfo = Object.freeze({
  id: 0,
  contentTypeId: 1,
  name: 'Top Level Nodes',
  sectionId: 1,
  currentVersionNo: 1,
  ownerId: 14,
  modificationDate: new Date(0),
  publishedDate: new Date(0),
  alwaysAvailable: true,
  remoteId: 'IBEXA_ROOT_385b2cd4737a459c999ba4b7595a0016',
  mainLanguageCode: 'eng-GB',
  mainLocationId: ROOT_LOCATION_ID,
  status: 'PUBLISHED',
  isHidden: false,
});
