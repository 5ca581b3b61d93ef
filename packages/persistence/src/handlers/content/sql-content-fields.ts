import type { NewField, StoredField } from '@contentrepo/core';
import { allocateIds } from '../../db/id-sequences.js';
import { insertRows } from '../../db/inserts.js';
import type { SqlContext } from '../../db/sql-context.js';
import { fieldRow } from '../../mappers/row-encoders.js';
import { TABLES } from '../../schema/index.js';

/**
 * Gives every field an id: its own when set, otherwise a new one from the `content_field` sequence (one
 * allocation for all of them). Must run inside a transaction.
 */
export async function withFieldIds(
  ctx: SqlContext,
  fields: readonly NewField[],
): Promise<(NewField & { readonly id: number })[]> {
  const fresh = await allocateIds(ctx, 'content_field', fields.filter((field) => field.id === undefined).length);
  let next = 0;
  return fields.map((field) => {
    if (field.id !== undefined) return { ...field, id: field.id };
    const id = fresh[next++];
    if (id === undefined) throw new Error('Field id allocation returned too few ids');
    return { ...field, id };
  });
}

/**
 * Inserts the fields of a version (one multi-row INSERT), assigning ids to new fields; returns them with their
 * ids. Must run inside a transaction.
 */
export async function insertFields(
  ctx: SqlContext,
  contentId: number,
  versionNo: number,
  fields: readonly NewField[],
): Promise<(NewField & { readonly id: number })[]> {
  const withIds = await withFieldIds(ctx, fields);
  await insertRows(
    ctx,
    TABLES.contentField,
    withIds.map((field) => fieldRow(contentId, versionNo, field)),
  );
  return withIds;
}

/** A field just written (with its allocated id), as loads return it. */
export function writtenField(field: NewField & { readonly id: number }): StoredField {
  return {
    id: field.id,
    fieldDefinitionId: field.fieldDefinitionId,
    fieldDefIdentifier: field.fieldDefIdentifier,
    fieldTypeIdentifier: field.fieldTypeIdentifier,
    languageCode: field.languageCode,
    data: field.data,
  };
}
