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
