import type { FieldDefinitionChanges, NewFieldTemplate } from '@contentrepo/core';
import { contentStatusCode, relationTypeCode } from '../../db/codes.js';
import { allocateIds } from '../../db/id-sequences.js';
import { jsonParam } from '../../db/json-decoders.js';
import type { SqlContext } from '../../db/sql-context.js';
import { sql } from '../../db/statement.js';
import { postgresSequenceName, TABLES } from '../../schema/index.js';

const { content, contentName, contentField, contentRelation } = TABLES;
const c = content.$as('c');
const n = contentName.$as('n');
/** Derived tables of (item, language) pairs: the `content_id` and `language_code` of `content_name`. */
const d = contentName.$as('d');
const p = contentName.$as('p');

/** Relation types anchored to a field (Ibexa stores the source field definition of FIELD and ASSET relations). */
const FIELD_RELATION_TYPES = `(${relationTypeCode('FIELD')}, ${relationTypeCode('ASSET')})`;
const PUBLISHED = contentStatusCode('PUBLISHED');
const ITEMS_OF_TYPE = `SELECT ${content.id} FROM ${content} WHERE ${content.contentTypeId} = ?`;

/** Distinct (item, language) pairs of a type's versions: the languages a version has names in. */
const LANGUAGE_PAIRS =
  `SELECT DISTINCT ${n.contentId}, ${n.languageCode} FROM ${n} JOIN ${c} ON ${c.id} = ${n.contentId} WHERE ${c.contentTypeId} = ?`;
const COUNT_LANGUAGE_PAIRS = sql<[contentTypeId: number]>(`SELECT COUNT(*) AS n FROM (${LANGUAGE_PAIRS}) pairs`);
const FIELD_COLUMNS = contentField.$list([
  'id',
  'versionNo',
  'contentId',
  'fieldDefinitionId',
  'fieldDefIdentifier',
  'fieldTypeIdentifier',
  'languageCode',
  'data',
]);

/**
 * Inserts the field of an added definition into every version and language of the type's items, one new id per
 * (item, language) shared by its versions. SQLite: ids `base + row number` from a range allocated beforehand
 * (one connection, so the range is the transaction's); PostgreSQL: `nextval` once per pair in a materialised CTE.
 */
const INSERT_ADDED_FIELDS = {
  sqlite: sql<[base: number, definitionId: number, identifier: string, typeIdentifier: string, data: string | null, contentTypeId: number]>(
    `INSERT INTO ${contentField} (${FIELD_COLUMNS}) ` +
      `SELECT ? + p.rn, ${n.versionNo}, ${n.contentId}, CAST(? AS INTEGER), CAST(? AS TEXT), CAST(? AS TEXT), ${n.languageCode}, ? ` +
      `FROM ${n} JOIN (SELECT ${d.contentId}, ${d.languageCode}, ROW_NUMBER() OVER (ORDER BY ${d.contentId}, ${d.languageCode}) AS rn ` +
      `FROM (${LANGUAGE_PAIRS}) d) p ON ${p.contentId} = ${n.contentId} AND ${p.languageCode} = ${n.languageCode}`,
  ),
  postgresql: sql<[contentTypeId: number, definitionId: number, identifier: string, typeIdentifier: string, data: string | null]>(
    `WITH p AS MATERIALIZED (SELECT ${d.contentId}, ${d.languageCode}, nextval('${postgresSequenceName('content_field')}') AS id FROM (${LANGUAGE_PAIRS} ` +
      `ORDER BY 1, 2) d) INSERT INTO ${contentField} (${FIELD_COLUMNS}) ` +
      `SELECT p.id, ${n.versionNo}, ${n.contentId}, CAST(? AS integer), CAST(? AS varchar), CAST(? AS varchar), ${n.languageCode}, ` +
      `CAST(? AS jsonb) ` +
      `FROM ${n} JOIN p ON ${p.contentId} = ${n.contentId} AND ${p.languageCode} = ${n.languageCode}`,
  ),
};
const DELETE_FIELDS = sql<[contentTypeId: number, definitionId: number]>(
  `DELETE FROM ${contentField} WHERE ${contentField.contentId} IN (${ITEMS_OF_TYPE}) AND ${contentField.fieldDefinitionId} = ?`,
);
const DELETE_FIELD_RELATIONS = sql<[contentTypeId: number, identifier: string]>(
  `DELETE FROM ${contentRelation} WHERE ${contentRelation.sourceContentId} IN (${ITEMS_OF_TYPE}) AND ${contentRelation.type} IN ${FIELD_RELATION_TYPES} ` +
    `AND ${contentRelation.sourceFieldDefinitionIdentifier} = ?`,
);
const RENAME_FIELDS = sql<[identifier: string, contentTypeId: number, definitionId: number]>(
  `UPDATE ${contentField} SET ${contentField.fieldDefIdentifier} = ? ` +
    `WHERE ${contentField.contentId} IN (${ITEMS_OF_TYPE}) AND ${contentField.fieldDefinitionId} = ?`,
);
const RENAME_FIELD_RELATIONS = sql<[to: string, contentTypeId: number, from: string]>(
  `UPDATE ${contentRelation} SET ${contentRelation.sourceFieldDefinitionIdentifier} = ? ` +
    `WHERE ${contentRelation.sourceContentId} IN (${ITEMS_OF_TYPE}) ` +
    `AND ${contentRelation.type} IN ${FIELD_RELATION_TYPES} AND ${contentRelation.sourceFieldDefinitionIdentifier} = ?`,
);
const PUBLISHED_IDS_OF_TYPE = sql<[contentTypeId: number]>(`${ITEMS_OF_TYPE} AND ${content.status} = ${PUBLISHED} ORDER BY ${content.id}`);

/**
 * `ContentHandler.applyFieldDefinitionChanges`: a fixed number of set-based statements per changed definition,
 * whatever the number of items (removals first, then renames, then additions), in one transaction.
 */
export function applyFieldDefinitionChanges(ctx: SqlContext, contentTypeId: number, changes: FieldDefinitionChanges): Promise<void> {
  return ctx.atomic(async (tx) => {
    for (const removed of changes.removed) {
      await tx.write(DELETE_FIELDS, [contentTypeId, removed.fieldDefinitionId]);
      await tx.write(DELETE_FIELD_RELATIONS, [contentTypeId, removed.fieldDefIdentifier]);
    }
    for (const renamed of changes.renamed) {
      await tx.write(RENAME_FIELDS, [renamed.to, contentTypeId, renamed.fieldDefinitionId]);
      await tx.write(RENAME_FIELD_RELATIONS, [renamed.to, contentTypeId, renamed.from]);
    }
    for (const added of changes.added) await insertAddedFields(tx, contentTypeId, added);
  });
}

async function insertAddedFields(tx: SqlContext, contentTypeId: number, added: NewFieldTemplate): Promise<void> {
  const columns = [added.fieldDefinitionId, added.fieldDefIdentifier, added.fieldTypeIdentifier, jsonParam(added.data)] as const;
  if (tx.dialect === 'postgresql') {
    await tx.write(INSERT_ADDED_FIELDS.postgresql, [contentTypeId, ...columns]);
    return;
  }
  const count = (await tx.one(COUNT_LANGUAGE_PAIRS, [contentTypeId]))?.int('n') ?? 0;
  if (count === 0) return;
  const [first] = await allocateIds(tx, 'content_field', count);
  if (first === undefined) throw new Error('Field id allocation returned no id');
  await tx.write(INSERT_ADDED_FIELDS.sqlite, [first - 1, ...columns, contentTypeId]);
}

/** `ContentHandler.loadPublishedIdsOfType`. */
export async function loadPublishedIdsOfType(ctx: SqlContext, contentTypeId: number): Promise<readonly number[]> {
  return (await ctx.all(PUBLISHED_IDS_OF_TYPE, [contentTypeId])).map((row) => row.int(content.id));
}
