import { remoteIdKey, type ContentInfo, type StoredContent, type StoredField, type VersionInfo } from '@contentrepo/core';
import { chunks } from '../../db/batches.js';
import type { Row } from '../../db/row.js';
import type { SqlContext } from '../../db/sql-context.js';
import { toContentInfo } from '../../mappers/content-info-rows.js';
import { toStoredField } from '../../mappers/content-part-rows.js';
import { namesByVersion, toVersionInfo, versionKey } from '../../mappers/version-info-rows.js';
import { TABLES } from '../../schema/index.js';
import {
  CONTENT_INFO_BY_ID,
  CONTENT_INFO_BY_IDS,
  CONTENT_INFO_BY_REMOTE_ID,
  FIELDS_OF_VERSION,
  FIELDS_OF_VERSIONS,
  fieldsInLanguages,
  HEAD_OF_CURRENT,
  HEAD_OF_VERSION,
  HEADS_OF_CURRENT,
  NAMES_OF_CONTENT,
  NAMES_OF_VERSION,
  VERSION_BY_NUMBER,
  VERSION_PREFIX,
  VERSIONS_OF_CONTENT,
} from './sql-content-queries.js';

const { content, contentVersion, contentField } = TABLES;

/**
 * Read paths of the content handler. Every read is a fixed number of precompiled statements whatever the number
 * of items: ContentInfo (1), VersionInfo (version + names: 2), a stored version or a batch of current versions
 * (content ⋈ version with the names: 1, fields: 1).
 */

/** A version reference. */
interface VersionRef {
  readonly contentId: number;
  readonly versionNo: number;
}

/** ContentInfo by id or by remoteId (case-insensitively), or null. */
export async function loadContentInfo(
  ctx: SqlContext,
  key: { readonly id: number } | { readonly remoteId: string },
): Promise<ContentInfo | null> {
  const row =
    'id' in key ? await ctx.one(CONTENT_INFO_BY_ID, [key.id]) : await ctx.one(CONTENT_INFO_BY_REMOTE_ID, [remoteIdKey(key.remoteId)]);
  return row && toContentInfo(row);
}

/** ContentInfos of the found ids (any order). */
export async function loadContentInfoList(ctx: SqlContext, contentIds: readonly number[]): Promise<ContentInfo[]> {
  const result: ContentInfo[] = [];
  for (const ids of chunks([...new Set(contentIds)])) {
    const rows = await ctx.all(CONTENT_INFO_BY_IDS.of(ids.length), ids);
    for (const row of rows) result.push(toContentInfo(row));
  }
  return result;
}

/** Versions of one item (all, or `versionNo` only) with their names, by version number. */
export async function loadVersionInfos(ctx: SqlContext, contentId: number, versionNo?: number): Promise<VersionInfo[]> {
  const [versionRows, nameRows] =
    versionNo === undefined
      ? await Promise.all([ctx.all(VERSIONS_OF_CONTENT, [contentId]), ctx.all(NAMES_OF_CONTENT, [contentId])])
      : await Promise.all([
          ctx.all(VERSION_BY_NUMBER, [contentId, versionNo]),
          ctx.all(NAMES_OF_VERSION, [contentId, versionNo]),
        ]);
  const byVersion = namesByVersion(nameRows);
  return versionRows.map((row) => toVersionInfo(row, byVersion.get(versionKey(contentId, row.int(contentVersion.versionNo))) ?? {}));
}

/** One version of an item with its fields (restricted to `languages` when given), or null. */
export async function loadStoredContent(
  ctx: SqlContext,
  contentId: number,
  versionNo: number,
  languages?: readonly string[],
): Promise<StoredContent | null> {
  const [item] = await assemble(ctx, await ctx.all(HEAD_OF_VERSION, [contentId, versionNo]), languages);
  return item ?? null;
}

/** Items in their current versions (found ids only, in the order of `contentIds`). */
export async function loadCurrentList(
  ctx: SqlContext,
  contentIds: readonly number[],
  languages?: readonly string[],
): Promise<StoredContent[]> {
  const unique = [...new Set(contentIds)];
  const found = new Map<number, StoredContent>();
  for (const ids of chunks(unique)) {
    const [single] = ids;
    const heads =
      ids.length === 1 && single !== undefined
        ? await ctx.all(HEAD_OF_CURRENT, [single])
        : await ctx.all(HEADS_OF_CURRENT.of(ids.length), ids);
    for (const item of await assemble(ctx, heads, languages)) found.set(item.contentInfo.id, item);
  }
  return contentIds.flatMap((id) => {
    const item = found.get(id);
    return item ? [item] : [];
  });
}

/** Content id, version number, content id, version number, … of `versions`. */
const pairParams = (versions: readonly VersionRef[]): number[] =>
  versions.flatMap((version) => [version.contentId, version.versionNo]);

/** Fields of the given versions (see `sql-content-queries.ts` for the order), grouped by version, restricted to `languages`. */
async function loadFields(
  ctx: SqlContext,
  versions: readonly VersionRef[],
  languages?: readonly string[],
): Promise<Map<string, StoredField[]>> {
  const [single] = versions;
  let rows: Row[];
  if (languages !== undefined) rows = await ctx.rows(fieldsInLanguages(ctx.kx, ctx.dialect, versions, languages));
  else if (versions.length === 1 && single) rows = await ctx.all(FIELDS_OF_VERSION, [single.contentId, single.versionNo]);
  else rows = await ctx.all(FIELDS_OF_VERSIONS.of(versions.length), pairParams(versions));
  const result = new Map<string, StoredField[]>();
  for (const row of rows) {
    const key = versionKey(row.int(contentField.contentId), row.int(contentField.versionNo));
    const list = result.get(key);
    if (list) list.push(toStoredField(row));
    else result.set(key, [toStoredField(row)]);
  }
  return result;
}

/** Completes content ⋈ version rows (which carry the version names) with their fields (one statement). */
async function assemble(ctx: SqlContext, heads: readonly Row[], languages?: readonly string[]): Promise<StoredContent[]> {
  if (heads.length === 0) return [];
  const versions = heads.map((row) => ({ contentId: row.int(content.id), versionNo: row.int(`${VERSION_PREFIX}${contentVersion.versionNo}`) }));
  const fields = await loadFields(ctx, versions, languages);
  return heads.map((row) => {
    const key = versionKey(row.int(content.id), row.int(`${VERSION_PREFIX}${contentVersion.versionNo}`));
    return {
      contentInfo: toContentInfo(row),
      versionInfo: toVersionInfo(row, namesOfHead(row), VERSION_PREFIX),
      fields: fields.get(key) ?? [],
    };
  });
}

/** The `{language: name}` JSON object of a head row's names column. */
function namesOfHead(row: Row): Record<string, string> {
  const names: Record<string, string> = {};
  const value = row.json(`${VERSION_PREFIX}names`);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [languageCode, name] of Object.entries(value)) if (typeof name === 'string') names[languageCode] = name;
  }
  return names;
}
