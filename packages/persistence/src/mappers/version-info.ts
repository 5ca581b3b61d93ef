import type { TranslatedStrings, VersionInfo } from '@contentrepo/core';
import { versionStatusOf } from '../db/codes.js';
import { decodeStringList } from '../db/json-decoders.js';
import type { Row } from '../db/row.js';

/** Columns of `content_version` that make a VersionInfo (with the names from `content_name`). */
export const VERSION_COLUMNS = [
  'id',
  'content_id',
  'version_no',
  'status',
  'creator_id',
  'created',
  'modified',
  'initial_language_code',
  'language_codes',
] as const;

/** Select list of the version columns of table alias `alias`, each aliased `<prefix><column>`. */
export function versionSelect(alias: string, prefix = ''): string[] {
  return VERSION_COLUMNS.map((column) => (prefix ? `${alias}.${column} as ${prefix}${column}` : `${alias}.${column}`));
}

/** A VersionInfo from a row of {@link VERSION_COLUMNS} (optionally prefixed) and the version's names. */
export function toVersionInfo(row: Row, names: TranslatedStrings, prefix = ''): VersionInfo {
  return {
    id: row.int(`${prefix}id`),
    contentId: row.int(`${prefix}content_id`),
    versionNo: row.int(`${prefix}version_no`),
    status: versionStatusOf(row.int(`${prefix}status`)),
    creatorId: row.int(`${prefix}creator_id`),
    creationDate: row.date(`${prefix}created`),
    modificationDate: row.date(`${prefix}modified`),
    initialLanguageCode: row.str(`${prefix}initial_language_code`),
    languageCodes: decodeStringList(row.json(`${prefix}language_codes`), 'version language codes'),
    names,
  };
}

/** Key of a version in maps built from `content_name` rows. */
export function versionKey(contentId: number, versionNo: number): string {
  return `${contentId}/${versionNo}`;
}

/** Groups `content_name` rows (content_id, version_no, language_code, name) by version. */
export function namesByVersion(rows: readonly Row[]): Map<string, Record<string, string>> {
  const result = new Map<string, Record<string, string>>();
  for (const row of rows) {
    const key = versionKey(row.int('content_id'), row.int('version_no'));
    let names = result.get(key);
    if (!names) {
      names = {};
      result.set(key, names);
    }
    names[row.str('language_code')] = row.str('name');
  }
  return result;
}
