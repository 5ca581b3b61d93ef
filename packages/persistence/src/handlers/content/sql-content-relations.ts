import type { NewRelation, Relation } from '@contentrepo/core';
import { insertReturningId } from '../../db/inserts.js';
import type { SqlContext } from '../../db/sql-context.js';
import { sql } from '../../db/statement.js';
import { decodeStringList, jsonParam } from '../../db/json-decoders.js';
import { newRelationRow } from '../../mappers/row-encoders.js';
import { TABLES } from '../../schema/index.js';

const { contentRelation, contentVersion, contentField, contentName } = TABLES;

const DELETE_RELATION = sql<[relationId: number]>(`DELETE FROM ${contentRelation} WHERE ${contentRelation.id} = ?`);

const VERSION_LANGUAGES = sql<[contentId: number]>(
  `SELECT ${contentVersion.$list(['versionNo', 'languageCodes', 'initialLanguageCode'])} FROM ${contentVersion} ` +
    `WHERE ${contentVersion.contentId} = ? ORDER BY ${contentVersion.versionNo}`,
);
const SET_VERSION_LANGUAGES = sql<[languageCodes: string | null, initialLanguageCode: string, contentId: number, versionNo: number]>(
  `UPDATE ${contentVersion} SET ${contentVersion.languageCodes} = ?, ${contentVersion.initialLanguageCode} = ? ` +
    `WHERE ${contentVersion.contentId} = ? AND ${contentVersion.versionNo} = ?`,
);
const DELETE_FIELDS = sql<[contentId: number, languageCode: string]>(
  `DELETE FROM ${contentField} WHERE ${contentField.contentId} = ? AND ${contentField.languageCode} = ?`,
);
const DELETE_NAMES = sql<[contentId: number, languageCode: string]>(
  `DELETE FROM ${contentName} WHERE ${contentName.contentId} = ? AND ${contentName.languageCode} = ?`,
);
const DELETE_VERSION_FIELDS = sql<[contentId: number, languageCode: string, versionNo: number]>(
  `DELETE FROM ${contentField} WHERE ${contentField.contentId} = ? AND ${contentField.languageCode} = ? AND ${contentField.versionNo} = ?`,
);
const DELETE_VERSION_NAMES = sql<[contentId: number, languageCode: string, versionNo: number]>(
  `DELETE FROM ${contentName} WHERE ${contentName.contentId} = ? AND ${contentName.languageCode} = ? AND ${contentName.versionNo} = ?`,
);

/** `ContentHandler.addRelation`: one INSERT returning the id. */
export async function addRelation(ctx: SqlContext, contentId: number, versionNo: number, relation: NewRelation): Promise<Relation> {
  const id = await insertReturningId(ctx, contentRelation, newRelationRow(contentId, versionNo, relation));
  return { id, sourceContentId: contentId, sourceVersionNo: versionNo, ...relation };
}

/** `ContentHandler.removeRelation`. */
export async function removeRelation(ctx: SqlContext, relationId: number): Promise<void> {
  await ctx.write(DELETE_RELATION, [relationId]);
}

/**
 * `ContentHandler.deleteTranslation`: the language's fields and names go in two set-based DELETEs (of one version
 * or of all); the languageCodes (and initial language) of the versions that had it are rewritten, one UPDATE per
 * such version of the item.
 */
export async function deleteTranslation(ctx: SqlContext, contentId: number, languageCode: string, versionNo: number | null): Promise<void> {
  await ctx.atomic(async (tx) => {
    const versions = await tx.all(VERSION_LANGUAGES, [contentId]);
    if (versionNo === null) {
      await tx.write(DELETE_FIELDS, [contentId, languageCode]);
      await tx.write(DELETE_NAMES, [contentId, languageCode]);
    } else {
      await tx.write(DELETE_VERSION_FIELDS, [contentId, languageCode, versionNo]);
      await tx.write(DELETE_VERSION_NAMES, [contentId, languageCode, versionNo]);
    }
    for (const row of versions) {
      const no = row.int(contentVersion.versionNo);
      const codes = decodeStringList(row.json(contentVersion.languageCodes), 'version languages');
      if ((versionNo !== null && no !== versionNo) || !codes.includes(languageCode)) continue;
      const kept = codes.filter((code) => code !== languageCode);
      const initial = row.str(contentVersion.initialLanguageCode);
      await tx.write(SET_VERSION_LANGUAGES, [jsonParam(kept), initial === languageCode ? (kept[0] ?? initial) : initial, contentId, no]);
    }
  });
}
