import type { ContentInfo, DraftUpdateRecord, VersionInfo } from '@contentrepo/core';
import { NotFoundError } from '@contentrepo/core';
import { chunks } from '../../db/batches.js';
import { contentStatusCode, relationTypeCode, versionStatusCode } from '../../db/codes.js';
import { sortNameOf } from '../../db/collation.js';
import { toSeconds } from '../../db/dates.js';
import { lockContentRow, insertRows } from '../../db/inserts.js';
import { jsonParam } from '../../db/json-decoders.js';
import type { SqlContext } from '../../db/sql-context.js';
import { fieldRow, nameRows, newRelationRow, versionRow } from '../../mappers/row-encoders.js';
import { withFieldIds } from './content-fields.js';
import { loadContentInfo, loadVersionInfos } from './content-reads.js';

/** What `ContentHandler.createDraft` receives besides the ids. */
export interface DraftRequest {
  readonly creatorId: number;
  readonly date: Date;
  readonly initialLanguageCode: string;
}

/**
 * `ContentHandler.createDraft`: version max + 1 (DRAFT, created and modified at `date`) with the names, fields
 * (same field ids) and relations of `sourceVersionNo`, each copied in one `INSERT … SELECT`.
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
    const source = await tx.first(
      tx.kx('content_version').select('language_codes').where({ content_id: contentId, version_no: sourceVersionNo }),
    );
    if (!source) throw NotFoundError.version(contentId, sourceVersionNo);
    const max = await tx.first(tx.kx('content_version').max('version_no as max').where('content_id', contentId));
    const versionNo = (max?.intOrNull('max') ?? 0) + 1;
    await tx.exec(tx.kx('content_version').insert({
      ...versionRow({
        contentId,
        versionNo,
        status: 'DRAFT',
        creatorId: draft.creatorId,
        creationDate: draft.date,
        modificationDate: draft.date,
        initialLanguageCode: draft.initialLanguageCode,
        languageCodes: [],
      }),
      language_codes: jsonParam(source.json('language_codes')),
    }));
    const copied = [versionNo, contentId, sourceVersionNo];
    await tx.run(
      'INSERT INTO content_name (content_id, version_no, language_code, name) ' +
        'SELECT content_id, ?, language_code, name FROM content_name WHERE content_id = ? AND version_no = ?',
      copied,
    );
    await tx.run(
      'INSERT INTO content_field (id, version_no, content_id, field_definition_id, field_def_identifier, ' +
        'field_type_identifier, language_code, data) ' +
        'SELECT id, ?, content_id, field_definition_id, field_def_identifier, field_type_identifier, language_code, data ' +
        'FROM content_field WHERE content_id = ? AND version_no = ?',
      copied,
    );
    await tx.run(
      'INSERT INTO content_relation (source_content_id, source_version_no, destination_content_id, type, ' +
        'source_field_definition_identifier) ' +
        'SELECT source_content_id, ?, destination_content_id, type, source_field_definition_identifier ' +
        'FROM content_relation WHERE source_content_id = ? AND source_version_no = ?',
      copied,
    );
    const [created] = await loadVersionInfos(tx, contentId, versionNo);
    if (!created) throw new Error(`Version ${versionNo} of content ${contentId} vanished after its creation`);
    return created;
  });
}

/**
 * `ContentHandler.updateDraft`: sets the version's languages and modification date, replaces its names, upserts
 * fields by definition + language (the row of a definition + language is replaced; its id is the given one, else
 * the existing row's, else a new one) and replaces its FIELD relations. Fields not mentioned stay.
 * @throws NotFoundError unknown version.
 */
export async function updateDraft(
  ctx: SqlContext,
  contentId: number,
  versionNo: number,
  update: DraftUpdateRecord,
): Promise<void> {
  await ctx.atomic(async (tx) => {
    const version = { content_id: contentId, version_no: versionNo };
    const changed = await tx.exec(tx.kx('content_version').where(version).update({
      initial_language_code: update.initialLanguageCode,
      language_codes: jsonParam(update.languageCodes),
      modified: toSeconds(update.modificationDate),
    }));
    if (changed === 0) throw NotFoundError.version(contentId, versionNo);
    await tx.exec(tx.kx('content_name').where(version).delete());
    await insertRows(tx, 'content_name', nameRows(contentId, versionNo, update.names));

    const existing = await tx.rows(
      tx.kx('content_field').select('id', 'field_definition_id', 'language_code').where(version),
    );
    const idByKey = new Map(
      existing.map((row) => [`${row.int('field_definition_id')}/${row.str('language_code')}`, row.int('id')]),
    );
    const replaced: number[] = [];
    const fields = await withFieldIds(
      tx,
      update.fields.map((field) => {
        const existingId = idByKey.get(`${field.fieldDefinitionId}/${field.languageCode}`);
        if (existingId !== undefined) replaced.push(existingId);
        const id = field.id ?? existingId;
        return id === undefined ? field : { ...field, id };
      }),
    );
    for (const ids of chunks(replaced)) await tx.exec(tx.kx('content_field').where(version).whereIn('id', ids).delete());
    await insertRows(
      tx,
      'content_field',
      fields.map((field) => fieldRow(contentId, versionNo, field)),
    );

    await tx.exec(
      tx
        .kx('content_relation')
        .where({ source_content_id: contentId, source_version_no: versionNo, type: relationTypeCode('FIELD') })
        .delete(),
    );
    await insertRows(
      tx,
      'content_relation',
      update.fieldRelations.map((relation) => newRelationRow(contentId, versionNo, relation)),
    );
  });
}

/**
 * `ContentHandler.publish`: archives the previously published version, marks `versionNo` PUBLISHED (modified at
 * the publication date, as Legacy's `setStatus` does), and makes the item PUBLISHED with this current version,
 * name and modification date, setting its publication date when it had none.
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
    const published = versionStatusCode('PUBLISHED');
    await tx.exec(
      tx
        .kx('content_version')
        .where({ content_id: contentId, status: published })
        .whereNot('version_no', versionNo)
        .update({ status: versionStatusCode('ARCHIVED') }),
    );
    const changed = await tx.exec(
      tx
        .kx('content_version')
        .where({ content_id: contentId, version_no: versionNo })
        .update({ status: published, modified: date }),
    );
    if (changed === 0) throw NotFoundError.version(contentId, versionNo);
    await tx.exec(
      tx
        .kx('content')
        .where('id', contentId)
        .update({
          status: contentStatusCode('PUBLISHED'),
          current_version_no: versionNo,
          name: publication.name,
          sort_name: sortNameOf(publication.name),
          modified: date,
          published: tx.kx.raw('COALESCE(published, ?)', [date]),
        }),
    );
    const info = await loadContentInfo(tx, { id: contentId });
    if (!info) throw NotFoundError.content(contentId);
    return info;
  });
}

/** `ContentHandler.deleteVersion`: the version with its names, fields and outgoing relations. */
export async function deleteVersion(ctx: SqlContext, contentId: number, versionNo: number): Promise<void> {
  await ctx.atomic(async (tx) => {
    const version = { content_id: contentId, version_no: versionNo };
    await tx.exec(tx.kx('content_field').where(version).delete());
    await tx.exec(tx.kx('content_name').where(version).delete());
    await tx.exec(tx.kx('content_relation').where({ source_content_id: contentId, source_version_no: versionNo }).delete());
    await tx.exec(tx.kx('content_version').where(version).delete());
  });
}
