import type { ContentInfo, DraftUpdateRecord, NewField, StoredField, VersionInfo, WrittenDraft } from '@contentrepo/core';
import { NotFoundError } from '@contentrepo/core';
import { chunks } from '../../db/batches.js';
import { sortNameOf } from '../../db/collation.js';
import { storedDate, toSeconds } from '../../db/dates.js';
import { insertRows, lockContentRow } from '../../db/inserts.js';
import { decodeStringList, jsonParam } from '../../db/json-decoders.js';
import type { SqlContext } from '../../db/sql-context.js';
import { toContentInfo } from '../../mappers/content-info-rows.js';
import { fieldRow, nameRows, newRelationRow } from '../../mappers/row-encoders.js';
import { namesByVersion, versionKey } from '../../mappers/version-info-rows.js';
import { TABLES } from '../../schema/index.js';
import { withFieldIds, writtenField } from './sql-content-fields.js';
import {
  COPY_FIELDS,
  COPY_NAMES,
  COPY_RELATIONS,
  DELETE_FIELD_RELATIONS,
  DELETE_FIELDS_BY_KEY,
  DELETE_NAMES,
  DELETE_VERSION,
  DELETE_VERSION_FIELDS,
  DELETE_VERSION_RELATIONS,
  INSERT_DRAFT_VERSION,
  PUBLISH_CONTENT,
  PUBLISH_VERSION,
  UPDATE_DRAFT_VERSION,
} from './sql-content-version-statements.js';

const { contentVersion, contentName, contentField } = TABLES;

/** What `ContentHandler.createDraft` receives besides the ids. */
export interface DraftRequest {
  readonly creatorId: number;
  readonly date: Date;
  readonly initialLanguageCode: string;
}

/**
 * `ContentHandler.createDraft`: version max + 1 (DRAFT, created and modified at `date`, the languages of the
 * source version) with the names, fields (same field ids) and relations of `sourceVersionNo`, each copied in one
 * `INSERT … SELECT`. The VersionInfo is assembled from what the inserts return.
 * @throws NotFoundError unknown item or source version.
 */
export async function createDraft(
  ctx: SqlContext,
  contentId: number,
  sourceVersionNo: number,
  draft: DraftRequest,
): Promise<VersionInfo> {
  return ctx.atomic(async (tx) => {
    await lockContentRow(tx, contentId);
    const seconds = toSeconds(draft.date);
    const created = await tx.one(INSERT_DRAFT_VERSION, [
      contentId,
      draft.creatorId,
      seconds,
      seconds,
      draft.initialLanguageCode,
      contentId,
      sourceVersionNo,
    ]);
    if (!created) throw NotFoundError.version(contentId, sourceVersionNo);
    const versionNo = created.int(contentVersion.versionNo);
    const copied: [number, number, number] = [versionNo, contentId, sourceVersionNo];
    const names = namesByVersion(await tx.all(COPY_NAMES, copied)).get(versionKey(contentId, versionNo)) ?? {};
    await tx.write(COPY_FIELDS, copied);
    await tx.write(COPY_RELATIONS, copied);
    return {
      id: created.int(contentVersion.id),
      contentId,
      versionNo,
      status: 'DRAFT',
      creatorId: draft.creatorId,
      creationDate: storedDate(draft.date),
      modificationDate: storedDate(draft.date),
      initialLanguageCode: draft.initialLanguageCode,
      languageCodes: decodeStringList(created.json(contentVersion.languageCodes), 'version language codes'),
      names,
    };
  });
}

/**
 * `ContentHandler.updateDraft`: sets the version's languages and modification date, replaces its names, upserts
 * fields by definition + language (the row of a definition + language is replaced; its id is the given one, else
 * the existing row's, else a new one) and replaces its FIELD relations. Fields not mentioned stay. The rows being
 * replaced are deleted first, returning their ids (no read before the write). Returns the stored modification
 * date (whole seconds) and the written fields with their ids.
 * @throws NotFoundError unknown version.
 */
export async function updateDraft(
  ctx: SqlContext,
  contentId: number,
  versionNo: number,
  update: DraftUpdateRecord,
): Promise<WrittenDraft> {
  return ctx.atomic(async (tx) => {
    const changed = await tx.write(UPDATE_DRAFT_VERSION, [
      update.initialLanguageCode,
      jsonParam(update.languageCodes),
      toSeconds(update.modificationDate),
      contentId,
      versionNo,
    ]);
    if (changed === 0) throw NotFoundError.version(contentId, versionNo);
    await tx.write(DELETE_NAMES, [contentId, versionNo]);
    await insertRows(tx, contentName, nameRows(contentId, versionNo, update.names));

    const idByKey = new Map<string, number>();
    for (const batch of chunks(update.fields)) {
      const keys = batch.flatMap((field) => [field.fieldDefinitionId, field.languageCode]);
      for (const row of await tx.all(DELETE_FIELDS_BY_KEY.of(batch.length), [contentId, versionNo, ...keys])) {
        idByKey.set(`${row.int(contentField.fieldDefinitionId)}/${row.str(contentField.languageCode)}`, row.int(contentField.id));
      }
    }
    const fields = await withFieldIds(
      tx,
      update.fields.map((field) => {
        const id = field.id ?? idByKey.get(`${field.fieldDefinitionId}/${field.languageCode}`);
        return id === undefined ? field : { ...field, id };
      }),
    );
    await insertRows(
      tx,
      contentField,
      fields.map((field) => fieldRow(contentId, versionNo, field)),
    );

    await tx.write(DELETE_FIELD_RELATIONS, [contentId, versionNo]);
    await insertRows(
      tx,
      TABLES.contentRelation,
      update.fieldRelations.map((relation) => newRelationRow(contentId, versionNo, relation)),
    );
    return { modificationDate: storedDate(update.modificationDate), fields: fields.map(writtenField) };
  });
}


/**
 * `ContentHandler.publish`: archives the previously published version and marks `versionNo` PUBLISHED (modified
 * at the publication date, as Legacy's `setStatus` does) in one UPDATE, then makes the item PUBLISHED with this
 * current version, name and modification date, setting its publication date when it had none (UPDATE …
 * RETURNING the ContentInfo).
 * @throws NotFoundError unknown item or version.
 */
export async function publishVersion(
  ctx: SqlContext,
  contentId: number,
  versionNo: number,
  publication: { readonly name: string; readonly date: Date },
): Promise<ContentInfo> {
  return ctx.atomic(async (tx) => {
    await lockContentRow(tx, contentId);
    const date = toSeconds(publication.date);
    const changed = await tx.all(PUBLISH_VERSION, [versionNo, versionNo, date, contentId, versionNo]);
    if (!changed.some((row) => row.int(contentVersion.versionNo) === versionNo)) throw NotFoundError.version(contentId, versionNo);
    const info = await tx.one(PUBLISH_CONTENT, [
      versionNo,
      publication.name,
      sortNameOf(publication.name),
      date,
      date,
      contentId,
    ]);
    if (!info) throw NotFoundError.content(contentId);
    return toContentInfo(info);
  });
}

/** `ContentHandler.deleteVersion`: the version with its names, fields and outgoing relations. */
export async function deleteVersion(ctx: SqlContext, contentId: number, versionNo: number): Promise<void> {
  await ctx.atomic(async (tx) => {
    const version: [number, number] = [contentId, versionNo];
    await tx.write(DELETE_VERSION_FIELDS, version);
    await tx.write(DELETE_NAMES, version);
    await tx.write(DELETE_VERSION_RELATIONS, version);
    await tx.write(DELETE_VERSION, version);
  });
}
