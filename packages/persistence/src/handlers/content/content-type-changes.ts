import type { FieldDefinitionChanges, NewFieldTemplate } from '@contentrepo/core';
import { contentStatusCode, relationTypeCode } from '../../db/codes.js';
import { allocateIds } from '../../db/id-sequences.js';
import { jsonParam } from '../../db/json-decoders.js';
import type { SqlContext } from '../../db/sql-context.js';
import { sql } from '../../db/statement.js';

const FIELD_RELATION = relationTypeCode('FIELD');
const PUBLISHED = contentStatusCode('PUBLISHED');
const ITEMS_OF_TYPE = 'SELECT id FROM content WHERE content_type_id = ?';

/** Distinct (item, language) pairs of a type's versions: the languages a version has names in. */
const LANGUAGE_PAIRS =
  'SELECT DISTINCT n.content_id, n.language_code FROM content_name n JOIN content c ON c.id = n.content_id WHERE c.content_type_id = ?';
const COUNT_LANGUAGE_PAIRS = sql<[contentTypeId: number]>(`SELECT COUNT(*) AS n FROM (${LANGUAGE_PAIRS}) pairs`);
const FIELD_COLUMNS = 'id, version_no, content_id, field_definition_id, field_def_identifier, field_type_identifier, language_code, data';

/**
 * Inserts the field of an added definition into every version and language of the type's items, one new id per
 * (item, language) shared by its versions. SQLite: ids `base + row number` from a range allocated beforehand
 * (one connection, so the range is the transaction's); PostgreSQL: `nextval` once per pair in a materialised CTE.
 */
const INSERT_ADDED_FIELDS = {
  sqlite: sql<[base: number, definitionId: number, identifier: string, typeIdentifier: string, data: string | null, contentTypeId: number]>(
    `INSERT INTO content_field (${FIELD_COLUMNS}) ` +
      'SELECT ? + p.rn, n.version_no, n.content_id, CAST(? AS INTEGER), CAST(? AS TEXT), CAST(? AS TEXT), n.language_code, ? ' +
      'FROM content_name n JOIN (SELECT d.content_id, d.language_code, ROW_NUMBER() OVER (ORDER BY d.content_id, d.language_code) AS rn ' +
      `FROM (${LANGUAGE_PAIRS}) d) p ON p.content_id = n.content_id AND p.language_code = n.language_code`,
  ),
  postgresql: sql<[contentTypeId: number, definitionId: number, identifier: string, typeIdentifier: string, data: string | null]>(
    `WITH p AS MATERIALIZED (SELECT d.content_id, d.language_code, nextval('content_field_id_seq') AS id FROM (${LANGUAGE_PAIRS} ` +
      `ORDER BY 1, 2) d) INSERT INTO content_field (${FIELD_COLUMNS}) ` +
      'SELECT p.id, n.version_no, n.content_id, CAST(? AS integer), CAST(? AS varchar), CAST(? AS varchar), n.language_code, CAST(? AS jsonb) ' +
      'FROM content_name n JOIN p ON p.content_id = n.content_id AND p.language_code = n.language_code',
  ),
};
const DELETE_FIELDS = sql<[contentTypeId: number, definitionId: number]>(
  `DELETE FROM content_field WHERE content_id IN (${ITEMS_OF_TYPE}) AND field_definition_id = ?`,
);
const DELETE_FIELD_RELATIONS = sql<[contentTypeId: number, identifier: string]>(
  `DELETE FROM content_relation WHERE source_content_id IN (${ITEMS_OF_TYPE}) AND type = ${FIELD_RELATION} ` +
    'AND source_field_definition_identifier = ?',
);
const RENAME_FIELDS = sql<[identifier: string, contentTypeId: number, definitionId: number]>(
  `UPDATE content_field SET field_def_identifier = ? WHERE content_id IN (${ITEMS_OF_TYPE}) AND field_definition_id = ?`,
);
const RENAME_FIELD_RELATIONS = sql<[to: string, contentTypeId: number, from: string]>(
  `UPDATE content_relation SET source_field_definition_identifier = ? WHERE source_content_id IN (${ITEMS_OF_TYPE}) ` +
    `AND type = ${FIELD_RELATION} AND source_field_definition_identifier = ?`,
);
const PUBLISHED_IDS_OF_TYPE = sql<[contentTypeId: number]>(`${ITEMS_OF_TYPE} AND status = ${PUBLISHED} ORDER BY id`);

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
  return (await ctx.all(PUBLISHED_IDS_OF_TYPE, [contentTypeId])).map((row) => row.int('id'));
}
