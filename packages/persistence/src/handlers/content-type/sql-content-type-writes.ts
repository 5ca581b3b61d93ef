import type { ContentTypeDraftPatch, NewStoredContentType, StoredContentType, StoredFieldDefinition } from '@contentrepo/core';
import { toSeconds } from '../../db/dates.js';
import { allocateIds } from '../../db/id-sequences.js';
import { insertRows } from '../../db/inserts.js';
import type { SqlContext } from '../../db/sql-context.js';
import type { SqlValue } from '../../db/sql-session.js';
import { toContentType, toFieldDefinition } from '../../mappers/content-type-rows.js';
import { contentTypeRow, fieldDefinitionRow } from '../../mappers/row-encoders.js';
import { TABLES } from '../../schema/index.js';
import {
  COPY_DEFINITIONS,
  COPY_LINKS,
  COPY_TYPE_ROW,
  COPY_TYPE_TO_DRAFT,
  DEFINED,
  DEFINITION_KEYS,
  DEFINITIONS_BY_STATUS,
  DELETE_DEFINITION,
  DELETE_DEFINITIONS,
  DELETE_LINKS,
  DELETE_TYPE_ROW,
  DRAFT,
  LINKS_BY_STATUS,
  SET_DEFINITIONS_STATUS,
  SET_LINKS_STATUS,
  TYPE_BY_ID_AND_STATUS,
  TYPE_KEYS,
  TYPE_ROW_FROM_DRAFT,
  UPDATE_DEFINITION_ROW,
  UPDATE_TYPE_ROW,
} from './sql-content-type-statements.js';

const { contentType, contentTypeGroupLink, fieldDefinition } = TABLES;

/** A type in one status (row, links, definitions by position then id), or null. */
export async function loadTypeInStatus(ctx: SqlContext, id: number, status: number): Promise<StoredContentType | null> {
  const row = await ctx.one(TYPE_BY_ID_AND_STATUS, [id, status]);
  if (!row) return null;
  const [links, definitions] = await Promise.all([ctx.all(LINKS_BY_STATUS, [id, status]), ctx.all(DEFINITIONS_BY_STATUS, [id, status])]);
  return toContentType(
    row,
    links.map((link) => link.int(contentTypeGroupLink.groupId)),
    definitions.map(toFieldDefinition),
  );
}

async function loadOrFail(ctx: SqlContext, id: number, status: number): Promise<StoredContentType> {
  const type = await loadTypeInStatus(ctx, id, status);
  if (!type) throw new Error(`Content type ${id} in status ${status} does not exist`);
  return type;
}

/** `values` of `row` in `keys` order. @throws Error for a missing column (a programming error). */
function valuesOf<K extends string>(row: { readonly [P in K]?: SqlValue }, keys: readonly K[]): SqlValue[] {
  return keys.map((key) => {
    const value = row[key];
    if (value === undefined) throw new Error(`Row without column '${key}'`);
    return value;
  });
}

/** Inserts a new type as a DRAFT with new ids (type, field definitions) and its group links. */
export function createDraft(ctx: SqlContext, type: NewStoredContentType): Promise<StoredContentType> {
  return ctx.atomic(async (tx) => {
    const [id] = await allocateIds(tx, 'content_type', 1);
    if (id === undefined) throw new Error('Content type id allocation returned no id');
    const definitionIds = await allocateIds(tx, 'field_definition', type.fieldDefinitions.length);
    const key = { id, status: 'DRAFT' } as const;
    await insertRows(tx, contentType, [contentTypeRow({ ...type, ...key, fieldDefinitions: [] })]);
    await insertRows(
      tx,
      contentTypeGroupLink,
      [...new Set(type.groupIds)].map((groupId) => ({ contentTypeId: id, contentTypeStatus: DRAFT, groupId })),
    );
    await insertRows(
      tx,
      fieldDefinition,
      type.fieldDefinitions.map((definition, index) => {
        const definitionId = definitionIds[index];
        if (definitionId === undefined) throw new Error('Field definition id allocation returned too few ids');
        return fieldDefinitionRow({ ...definition, id: definitionId }, key);
      }),
    );
    return loadOrFail(tx, id, DRAFT);
  });
}

/** Copies the DEFINED type into a DRAFT (same ids) modified by `change`. */
export function createDraftFromDefined(
  ctx: SqlContext,
  id: number,
  change: { readonly modifierId: number; readonly modificationDate: Date },
): Promise<StoredContentType> {
  return ctx.atomic(async (tx) => {
    await tx.write(COPY_TYPE_TO_DRAFT, [toSeconds(change.modificationDate), change.modifierId, id]);
    await tx.write(COPY_DEFINITIONS, [DRAFT, id, DEFINED]);
    await tx.write(COPY_LINKS, [DRAFT, id, DEFINED]);
    return loadOrFail(tx, id, DRAFT);
  });
}

/** Replaces the columns of a DRAFT row. */
export function updateDraft(ctx: SqlContext, id: number, patch: ContentTypeDraftPatch): Promise<StoredContentType> {
  return ctx.atomic(async (tx) => {
    const row = contentTypeRow({ ...patch, id, status: 'DRAFT', groupIds: [], fieldDefinitions: [] });
    await tx.write(UPDATE_TYPE_ROW, [...valuesOf(row, TYPE_KEYS), id, DRAFT]);
    return loadOrFail(tx, id, DRAFT);
  });
}

/** Adds a field definition with a new id to a DRAFT. */
export function addFieldDefinition(
  ctx: SqlContext,
  id: number,
  definition: Omit<StoredFieldDefinition, 'id'>,
): Promise<StoredFieldDefinition> {
  return ctx.atomic(async (tx) => {
    const [definitionId] = await allocateIds(tx, 'field_definition', 1);
    if (definitionId === undefined) throw new Error('Field definition id allocation returned no id');
    const added = { ...definition, id: definitionId };
    await insertRows(tx, fieldDefinition, [fieldDefinitionRow(added, { id, status: 'DRAFT' })]);
    return added;
  });
}

/** Replaces the columns of a DRAFT field definition. */
export async function updateFieldDefinition(ctx: SqlContext, id: number, definition: StoredFieldDefinition): Promise<void> {
  const row = fieldDefinitionRow(definition, { id, status: 'DRAFT' });
  await ctx.write(UPDATE_DEFINITION_ROW, [...valuesOf(row, DEFINITION_KEYS), definition.id, DRAFT]);
}

/** Removes a DRAFT field definition. */
export async function removeFieldDefinition(ctx: SqlContext, fieldDefinitionId: number): Promise<void> {
  await ctx.write(DELETE_DEFINITION, [fieldDefinitionId, DRAFT]);
}

/**
 * Makes the DRAFT the DEFINED type. With a DEFINED row: its definitions are replaced by the draft's (status
 * moved), its columns overwritten by the draft's, its links kept. Without: the draft row is copied as DEFINED and
 * definitions and links moved. The draft row (and any draft links) is deleted afterwards.
 */
export function publishDraft(ctx: SqlContext, id: number): Promise<StoredContentType> {
  return ctx.atomic(async (tx) => {
    const defined = await tx.one(TYPE_BY_ID_AND_STATUS, [id, DEFINED]);
    if (defined) {
      await tx.write(DELETE_DEFINITIONS, [id, DEFINED]);
      await tx.write(SET_DEFINITIONS_STATUS, [DEFINED, id, DRAFT]);
      await tx.write(TYPE_ROW_FROM_DRAFT, [id, id]);
      await tx.write(DELETE_LINKS, [id, DRAFT]);
    } else {
      await tx.write(COPY_TYPE_ROW, [DEFINED, id, DRAFT]);
      await tx.write(SET_DEFINITIONS_STATUS, [DEFINED, id, DRAFT]);
      await tx.write(SET_LINKS_STATUS, [DEFINED, id, DRAFT]);
    }
    await tx.write(DELETE_TYPE_ROW, [id, DRAFT]);
    return loadOrFail(tx, id, DEFINED);
  });
}

/** Deletes a type in `statuses` with its definitions and links (children first: no reliance on cascades). */
export function deleteType(ctx: SqlContext, id: number, statuses: readonly number[]): Promise<void> {
  return ctx.atomic(async (tx) => {
    for (const status of statuses) {
      await tx.write(DELETE_DEFINITIONS, [id, status]);
      await tx.write(DELETE_LINKS, [id, status]);
      await tx.write(DELETE_TYPE_ROW, [id, status]);
    }
  });
}
