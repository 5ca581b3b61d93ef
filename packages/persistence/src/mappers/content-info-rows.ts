import type { ContentInfo } from '@contentrepo/core';
import { contentStatusOf } from '../db/codes.js';
import type { Row } from '../db/row.js';
import { TABLES, type ColumnKey, type TableRef } from '../schema/index.js';

const { content } = TABLES;

/** Column keys of `content` that make a ContentInfo. */
export const CONTENT_INFO_KEYS = [
  'id',
  'contentTypeId',
  'name',
  'sectionId',
  'currentVersionNo',
  'ownerId',
  'modified',
  'published',
  'alwaysAvailable',
  'remoteId',
  'mainLanguageCode',
  'mainLocationId',
  'status',
  'isHidden',
] as const satisfies readonly ColumnKey<typeof content>[];

/** Columns of `content` that make a ContentInfo (SQL names). */
export const CONTENT_INFO_COLUMNS: readonly string[] = CONTENT_INFO_KEYS.map((key) => content.$column(key));

/** Select list of the ContentInfo columns of `content` under an alias (`c`), each aliased `<prefix><column>`. */
export function contentInfoSelect(c: TableRef<ColumnKey<typeof content>>, prefix = ''): string[] {
  return CONTENT_INFO_KEYS.map((key) => (prefix ? `${c[key]} as ${prefix}${content.$column(key)}` : c[key]));
}

/** A ContentInfo from a row holding the {@link CONTENT_INFO_COLUMNS} (optionally prefixed). */
export function toContentInfo(row: Row, prefix = ''): ContentInfo {
  return {
    id: row.int(`${prefix}${content.id}`),
    contentTypeId: row.int(`${prefix}${content.contentTypeId}`),
    name: row.str(`${prefix}${content.name}`),
    sectionId: row.int(`${prefix}${content.sectionId}`),
    currentVersionNo: row.int(`${prefix}${content.currentVersionNo}`),
    ownerId: row.int(`${prefix}${content.ownerId}`),
    modificationDate: row.date(`${prefix}${content.modified}`),
    publishedDate: row.dateOrNull(`${prefix}${content.published}`),
    alwaysAvailable: row.bool(`${prefix}${content.alwaysAvailable}`),
    remoteId: row.str(`${prefix}${content.remoteId}`),
    mainLanguageCode: row.str(`${prefix}${content.mainLanguageCode}`),
    mainLocationId: row.intOrNull(`${prefix}${content.mainLocationId}`),
    status: contentStatusOf(row.int(`${prefix}${content.status}`)),
    isHidden: row.bool(`${prefix}${content.isHidden}`),
  };
}
