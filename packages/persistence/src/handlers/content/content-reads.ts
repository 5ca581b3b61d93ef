import type { ContentInfo, StoredContent, StoredField, VersionInfo } from '@contentrepo/core';
import { chunks } from '../../db/batches.js';
import type { Row } from '../../db/row.js';
import type { SqlContext } from '../../db/sql-context.js';
import { contentInfoSelect, toContentInfo } from '../../mappers/content-info.js';
import { toStoredField } from '../../mappers/content-parts.js';
import { namesByVersion, toVersionInfo, versionKey } from '../../mappers/version-info.js';
import {
  CONTENT_INFO_BY_ID,
  CONTENT_INFO_BY_REMOTE_ID,
  currentHeadsOf,
  FIELDS_OF_VERSION,
  fieldsOf,
  HEAD_OF_CURRENT,
  HEAD_OF_VERSION,
  NAMES_OF_CONTENT,
  NAMES_OF_VERSION,
  namesOfVersions,
  VERSION,
  VERSION_PREFIX,
  VERSIONS_OF_CONTENT,
} from './content-queries.js';

/**
 * Read paths of the content handler. Every read is a fixed number of queries whatever the number of items:
 * ContentInfo (1), VersionInfo (version + names: 2), a stored version or a batch of current versions
 * (content ⋈ version: 1, names: 1, fields: 1). Single-item reads use prepared (compiled once) queries.
 */

/** A version reference. */
interface VersionRef {
  readonly contentId: number;
  readonly versionNo: number;
}

/** ContentInfo by id or by remoteId, or null. */
export async function loadContentInfo(
  ctx: SqlContext,
  key: { readonly id: number } | { readonly remoteId: string },
): Promise<ContentInfo | null> {
  const [row] =
    'id' in key
      ? await ctx.prepared(CONTENT_INFO_BY_ID, [key.id])
      : await ctx.prepared(CONTENT_INFO_BY_REMOTE_ID, [key.remoteId]);
  return row ? toContentInfo(row) : null;
}

/** ContentInfos of the found ids (any order). */
export async function loadContentInfoList(ctx: SqlContext, contentIds: readonly number[]): Promise<ContentInfo[]> {
  const result: ContentInfo[] = [];
  for (const ids of chunks([...new Set(contentIds)])) {
    const rows = await ctx.rows(ctx.kx('content as c').select(contentInfoSelect('c')).whereIn('c.id', ids));
    result.push(...rows.map((row) => toContentInfo(row)));
  }
  return result;
}

/** Versions of one item (all, or `versionNo` only) with their names, by version number. */
export async function loadVersionInfos(ctx: SqlContext, contentId: number, versionNo?: number): Promise<VersionInfo[]> {
  const [versionRows, nameRows] =
    versionNo === undefined
      ? await Promise.all([ctx.prepared(VERSIONS_OF_CONTENT, [contentId]), ctx.prepared(NAMES_OF_CONTENT, [contentId])])
      : await Promise.all([
          ctx.prepared(VERSION, [contentId, versionNo]),
          ctx.prepared(NAMES_OF_VERSION, [contentId, versionNo]),
        ]);
  const byVersion = namesByVersion(nameRows);
  return versionRows.map((row) => toVersionInfo(row, byVersion.get(versionKey(contentId, row.int('version_no'))) ?? {}));
}

/** One version of an item with its fields (restricted to `languages` when given), or null. */
export async function loadStoredContent(
  ctx: SqlContext,
  contentId: number,
  versionNo: number,
  languages?: readonly string[],
): Promise<StoredContent | null> {
  const [item] = await assemble(ctx, await ctx.prepared(HEAD_OF_VERSION, [contentId, versionNo]), languages);
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
  if (unique.length === 1 && unique[0] !== undefined) {
    for (const item of await assemble(ctx, await ctx.prepared(HEAD_OF_CURRENT, [unique[0]]), languages)) {
      found.set(item.contentInfo.id, item);
    }
  } else {
    for (const ids of chunks(unique)) {
      for (const item of await assemble(ctx, await ctx.rows(currentHeadsOf(ctx.kx, ids)), languages)) {
        found.set(item.contentInfo.id, item);
      }
    }
  }
  return contentIds.flatMap((id) => {
    const item = found.get(id);
    return item ? [item] : [];
  });
}

/** Fields of the given versions (see `fieldsOf` for the order), grouped by version, restricted to `languages`. */
async function loadFields(
  ctx: SqlContext,
  versions: readonly VersionRef[],
  languages?: readonly string[],
): Promise<Map<string, StoredField[]>> {
  const [single] = versions;
  let rows: Row[];
  if (versions.length === 1 && single && languages === undefined) {
    rows = await ctx.prepared(FIELDS_OF_VERSION, [single.contentId, single.versionNo]);
  } else {
    const query = fieldsOf(ctx.kx, ctx.dialect, versions);
    if (languages !== undefined) query.whereIn('f.language_code', [...languages]);
    rows = await ctx.rows(query);
  }
  const result = new Map<string, StoredField[]>();
  for (const row of rows) {
    const key = versionKey(row.int('content_id'), row.int('version_no'));
    const list = result.get(key);
    if (list) list.push(toStoredField(row));
    else result.set(key, [toStoredField(row)]);
  }
  return result;
}

/** Completes content ⋈ version rows with names and fields (one query each). */
async function assemble(ctx: SqlContext, heads: readonly Row[], languages?: readonly string[]): Promise<StoredContent[]> {
  if (heads.length === 0) return [];
  const versions = heads.map((row) => ({ contentId: row.int('id'), versionNo: row.int(`${VERSION_PREFIX}version_no`) }));
  const [single] = versions;
  const [nameRows, fields] = await Promise.all([
    versions.length === 1 && single
      ? ctx.prepared(NAMES_OF_VERSION, [single.contentId, single.versionNo])
      : ctx.rows(namesOfVersions(ctx.kx, versions)),
    loadFields(ctx, versions, languages),
  ]);
  const names = namesByVersion(nameRows);
  return heads.map((row) => {
    const key = versionKey(row.int('id'), row.int(`${VERSION_PREFIX}version_no`));
    return {
      contentInfo: toContentInfo(row),
      versionInfo: toVersionInfo(row, names.get(key) ?? {}, VERSION_PREFIX),
      fields: fields.get(key) ?? [],
    };
  });
}
