import type {
  ContentCreateRecord,
  ContentInfo,
  NewField,
  PendingLocation,
  StoredContent,
  StoredField,
  VersionInfo,
} from '@contentrepo/core';
import { NotFoundError } from '@contentrepo/core';
import { versionStatusCode } from '../../db/codes.js';
import { storedDate } from '../../db/dates.js';
import { allocateIds } from '../../db/id-sequences.js';
import { insertReturningId, insertRows } from '../../db/inserts.js';
import type { SqlContext } from '../../db/sql-context.js';
import { convertUniqueViolation } from '../../db/unique-violation.js';
import { toStoredField } from '../../mappers/content-part-rows.js';
import {
  fieldRow,
  nameRows,
  newContentRow,
  newRelationRow,
  pendingLocationRow,
  versionRow,
} from '../../mappers/row-encoders.js';
import { TABLES } from '../../schema/index.js';
import { duplicateContentRemoteId } from '../sql-duplicate-errors.js';
import { insertFields, writtenField } from './sql-content-fields.js';
import { FIELD_POSITIONS } from './sql-content-queries.js';
import { loadContentInfo } from './sql-content-reads.js';

const { content, contentVersion, contentName, contentField, contentRelation, pendingLocation, fieldDefinition } = TABLES;

/**
 * `ContentHandler.create`: the item (status DRAFT, current version 1, no location yet), its draft version 1,
 * names, fields (new ids from the sequence), relations and pending locations, in one transaction. The result is
 * assembled from what was written (dates at the stored second precision) instead of being read back; only the
 * field order needs the field definitions' positions, read when there is more than one field.
 * @throws InvalidArgumentError when the remoteId is taken.
 */
export async function createContent(ctx: SqlContext, record: ContentCreateRecord): Promise<StoredContent> {
  return ctx.atomic(async (tx) => {
    const info: Omit<ContentInfo, 'id'> = {
      contentTypeId: record.contentTypeId,
      name: record.name,
      sectionId: record.sectionId,
      currentVersionNo: 1,
      ownerId: record.ownerId,
      modificationDate: storedDate(record.modificationDate),
      publishedDate: null,
      alwaysAvailable: record.alwaysAvailable,
      remoteId: record.remoteId,
      mainLanguageCode: record.mainLanguageCode,
      mainLocationId: null,
      status: 'DRAFT',
      isHidden: false,
    };
    const contentId = await convertUniqueViolation(
      tx,
      () => insertReturningId(tx, content, newContentRow(info)),
      () => duplicateContentRemoteId(record.remoteId),
    );
    const version: Omit<VersionInfo, 'id'> = {
      contentId,
      versionNo: 1,
      status: 'DRAFT',
      creatorId: record.creatorId,
      creationDate: info.modificationDate,
      modificationDate: info.modificationDate,
      initialLanguageCode: record.initialLanguageCode,
      languageCodes: [...record.languageCodes],
      names: { ...record.names },
    };
    const versionId = await insertReturningId(tx, contentVersion, versionRow(version));
    await insertRows(tx, contentName, nameRows(contentId, 1, record.names));
    const fields = await insertFields(tx, contentId, 1, record.fields);
    await insertRows(tx, contentRelation, record.relations.map((relation) => newRelationRow(contentId, 1, relation)));
    await insertRows(tx, pendingLocation, record.pendingLocations.map((pending) => pendingLocationRow(contentId, pending)));
    return {
      contentInfo: { id: contentId, ...info },
      versionInfo: { id: versionId, ...version },
      fields: await inFieldOrder(tx, fields.map(writtenField)),
    };
  });
}


/**
 * Fields in the order loads return them (`sql-content-queries.ts`): position of the published field definition (0
 * when there is none), definition id, language code. The positions are read only when there is an order to set.
 */
async function inFieldOrder(ctx: SqlContext, fields: StoredField[]): Promise<StoredField[]> {
  if (fields.length < 2) return fields;
  const ids = [...new Set(fields.map((field) => field.fieldDefinitionId))];
  const rows = ids.length > 1 ? await ctx.all(FIELD_POSITIONS.of(ids.length), ids) : [];
  const position = new Map(rows.map((row) => [row.int(fieldDefinition.id), row.int(fieldDefinition.position)]));
  const at = (field: StoredField): number => position.get(field.fieldDefinitionId) ?? 0;
  return fields.sort(
    (a, b) =>
      at(a) - at(b) ||
      a.fieldDefinitionId - b.fieldDefinitionId ||
      (a.languageCode < b.languageCode ? -1 : a.languageCode > b.languageCode ? 1 : 0),
  );
}

/** What `ContentHandler.copy` receives besides the source id. */
export interface CopyRequest {
  readonly versionNo: number | null;
  readonly remoteId: string;
  readonly date: Date;
  readonly pendingLocations: readonly PendingLocation[];
}

const V_COPIED = ['status', 'creatorId', 'created', 'modified', 'initialLanguageCode', 'languageCodes'] as const;
const R_COPIED = ['destinationContentId', 'type', 'sourceFieldDefinitionIdentifier'] as const;

/**
 * The copy's versions, names and relations from the source's (parameters: copy id, source id, and with `single`
 * the version number, which becomes 1); without `single` every version keeps its number.
 */
const copyVersions = (single: boolean): string =>
  `INSERT INTO ${contentVersion} (${contentVersion.$list(['contentId', 'versionNo', ...V_COPIED])}) ` +
  `SELECT ?, ${single ? '1' : contentVersion.versionNo}, ${contentVersion.$list(V_COPIED)} FROM ${contentVersion} ` +
  `WHERE ${contentVersion.contentId} = ?${single ? ` AND ${contentVersion.versionNo} = ?` : ''} ORDER BY ${contentVersion.versionNo}`;
const copyNames = (single: boolean): string =>
  `INSERT INTO ${contentName} (${contentName.$list(['contentId', 'versionNo', 'languageCode', 'name'])}) ` +
  `SELECT ?, ${single ? '1' : contentName.versionNo}, ${contentName.$list(['languageCode', 'name'])} FROM ${contentName} ` +
  `WHERE ${contentName.contentId} = ?${single ? ` AND ${contentName.versionNo} = ?` : ''}`;
const copyRelations = (single: boolean): string =>
  `INSERT INTO ${contentRelation} (${contentRelation.$list(['sourceContentId', 'sourceVersionNo', ...R_COPIED])}) ` +
  `SELECT ?, ${single ? '1' : contentRelation.sourceVersionNo}, ${contentRelation.$list(R_COPIED)} FROM ${contentRelation} ` +
  `WHERE ${contentRelation.sourceContentId} = ?${single ? ` AND ${contentRelation.sourceVersionNo} = ?` : ''} ORDER BY ${contentRelation.id}`;
const COPY_ALL = { versions: copyVersions(false), names: copyNames(false), relations: copyRelations(false) };
const COPY_ONE = { versions: copyVersions(true), names: copyNames(true), relations: copyRelations(true) };

/**
 * `ContentHandler.copy`: a new item with new ids holding every version of the source (or only `versionNo`,
 * renumbered 1) with their statuses, names and relations copied set-based (`INSERT … SELECT`) and fields
 * re-inserted with new ids (one new id per source field id, so the copy's versions still share field ids). The
 * copy keeps owner, section, type, languages and hidden flag; gets `remoteId`, `date` as modification date, no
 * location and the given pending locations. As in core's reference handler it is PUBLISHED (published at `date`)
 * when a copied version is published, DRAFT otherwise, and named after its current version's main-language name.
 * @throws NotFoundError unknown item or version. @throws InvalidArgumentError when the remoteId is taken.
 */
export async function copyContent(ctx: SqlContext, sourceId: number, request: CopyRequest): Promise<ContentInfo> {
  return ctx.atomic(async (tx) => {
    const source = await loadContentInfo(tx, { id: sourceId });
    if (!source) throw NotFoundError.content(sourceId);
    const single = request.versionNo;
    const versionQuery = tx
      .kx(contentVersion.$name)
      .select(contentVersion.versionNo, contentVersion.status)
      .where(contentVersion.contentId, sourceId)
      .orderBy(contentVersion.versionNo);
    if (single !== null) versionQuery.where(contentVersion.versionNo, single);
    const versions = (await tx.rows(versionQuery)).map((row) => ({
      versionNo: row.int(contentVersion.versionNo),
      status: row.int(contentVersion.status),
    }));
    const current = versions.find((version) => version.versionNo === source.currentVersionNo) ?? versions[0];
    if (!current) throw NotFoundError.version(sourceId, single ?? source.currentVersionNo);
    const published = versions.some((version) => version.status === versionStatusCode('PUBLISHED'));
    const currentName = await tx.first(
      tx
        .kx(contentName.$name)
        .select(contentName.name)
        .where(contentName.contentId, sourceId)
        .where(contentName.versionNo, current.versionNo)
        .where(contentName.languageCode, source.mainLanguageCode),
    );
    const copied = newContentRow({
      ...source,
      name: currentName?.str(contentName.name) ?? source.name,
      remoteId: request.remoteId,
      modificationDate: request.date,
      publishedDate: published ? request.date : null,
      status: published ? 'PUBLISHED' : 'DRAFT',
      mainLocationId: null,
      currentVersionNo: single === null ? source.currentVersionNo : 1,
    });
    const copyId = await convertUniqueViolation(
      tx,
      () => insertReturningId(tx, content, copied),
      () => duplicateContentRemoteId(request.remoteId),
    );
    const filterArgs = single === null ? [] : [single];
    const copies = single === null ? COPY_ALL : COPY_ONE;
    await tx.run(copies.versions, [copyId, sourceId, ...filterArgs]);
    await tx.run(copies.names, [copyId, sourceId, ...filterArgs]);
    await tx.run(copies.relations, [copyId, sourceId, ...filterArgs]);
    await copyFields(tx, sourceId, copyId, single);
    await insertRows(tx, pendingLocation, request.pendingLocations.map((pending) => pendingLocationRow(copyId, pending)));
    const copy = await loadContentInfo(tx, { id: copyId });
    if (!copy) throw new Error(`Content ${copyId} vanished after its creation`);
    return copy;
  });
}

async function copyFields(tx: SqlContext, sourceId: number, copyId: number, single: number | null): Promise<void> {
  const query = tx.kx(contentField.$name).select('*').where(contentField.contentId, sourceId).orderBy([contentField.versionNo, contentField.id]);
  if (single !== null) query.where(contentField.versionNo, single);
  const fields = (await tx.rows(query)).map((row) => ({ versionNo: row.int(contentField.versionNo), field: toStoredField(row) }));
  const sourceIds = [...new Set(fields.map(({ field }) => field.id))];
  const freshIds = await allocateIds(tx, 'content_field', sourceIds.length);
  const idMap = new Map(sourceIds.map((id, index) => [id, freshIds[index] ?? 0]));
  await insertRows(
    tx,
    contentField,
    fields.map(({ versionNo, field }) =>
      fieldRow(copyId, single === null ? versionNo : 1, { ...field, id: idMap.get(field.id) ?? 0 }),
    ),
  );
}
