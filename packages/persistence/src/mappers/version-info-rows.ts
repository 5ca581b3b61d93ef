import type { TranslatedStrings, VersionInfo } from '@contentrepo/core';
import { versionStatusOf } from '../db/codes.js';
import { decodeStringList } from '../db/json-decoders.js';
import type { Row } from '../db/row.js';
import { TABLES, type ColumnKey, type TableRef } from '../schema/index.js';

const { contentVersion, contentName } = TABLES;

/** Column keys of `content_version` that make a VersionInfo (with the names from `content_name`). */
export const VERSION_KEYS = [
  'id',
  'contentId',
  'versionNo',
  'status',
  'creatorId',
  'created',
  'modified',
  'initialLanguageCode',
  'languageCodes',
] as const satisfies readonly ColumnKey<typeof contentVersion>[];

/** Select list of the version columns of `content_version` under an alias (`v`), each aliased `<prefix><column>`. */
export function versionSelect(v: TableRef<ColumnKey<typeof contentVersion>>, prefix = ''): string[] {
  return VERSION_KEYS.map((key) => (prefix ? `${v[key]} as ${prefix}${contentVersion.$column(key)}` : v[key]));
}

/** A VersionInfo from a row of the {@link VERSION_KEYS} columns (optionally prefixed) and the version's names. */
export function toVersionInfo(row: Row, names: TranslatedStrings, prefix = ''): VersionInfo {
  return {
    id: row.int(`${prefix}${contentVersion.id}`),
    contentId: row.int(`${prefix}${contentVersion.contentId}`),
    versionNo: row.int(`${prefix}${contentVersion.versionNo}`),
    status: versionStatusOf(row.int(`${prefix}${contentVersion.status}`)),
    creatorId: row.int(`${prefix}${contentVersion.creatorId}`),
    creationDate: row.date(`${prefix}${contentVersion.created}`),
    modificationDate: row.date(`${prefix}${contentVersion.modified}`),
    initialLanguageCode: row.str(`${prefix}${contentVersion.initialLanguageCode}`),
    languageCodes: decodeStringList(row.json(`${prefix}${contentVersion.languageCodes}`), 'version language codes'),
    names,
  };
}

/** Key of a version in maps built from `content_name` rows. */
export function versionKey(contentId: number, versionNo: number): string {
  return `${contentId}/${versionNo}`;
}

/** Groups `content_name` rows (content id, version number, language code, name) by version. */
export function namesByVersion(rows: readonly Row[]): Map<string, Record<string, string>> {
  const result = new Map<string, Record<string, string>>();
  for (const row of rows) {
    const key = versionKey(row.int(contentName.contentId), row.int(contentName.versionNo));
    let names = result.get(key);
    if (!names) {
      names = {};
      result.set(key, names);
    }
    names[row.str(contentName.languageCode)] = row.str(contentName.name);
  }
  return result;
}
