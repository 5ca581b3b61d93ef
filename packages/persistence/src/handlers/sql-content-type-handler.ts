import type {
  ContentTypeDraftPatch,
  ContentTypeGroup,
  ContentTypeHandler,
  NewStoredContentType,
  StoredContentType,
  StoredFieldDefinition,
} from '@contentrepo/core';
import type { Knex } from '@mikro-orm/knex';
import { contentTypeStatusCode } from '../db/codes.js';
import { insertReturningId } from '../db/inserts.js';
import { updateById } from '../db/updates.js';
import type { Row } from '../db/row.js';
import type { SqlContext } from '../db/sql-context.js';
import { sql } from '../db/statement.js';
import { toContentType, toContentTypeGroup, toFieldDefinition } from '../mappers/content-type-rows.js';
import { contentTypeGroupRow } from '../mappers/row-encoders.js';
import {
  COUNT_CONTENT_OF_TYPE,
  COUNT_TYPES_IN_GROUP,
  DELETE_GROUP,
  DELETE_LINK,
  DRAFT,
  INSERT_LINK,
  TYPE_IDS_BY_IDENTIFIER,
  TYPE_IDS_BY_REMOTE_ID,
} from './content-type/sql-content-type-statements.js';
import * as writes from './content-type/sql-content-type-writes.js';
import { TABLES } from '../schema/index.js';

const DEFINED = contentTypeStatusCode('DEFINED');

const { contentTypeGroup, contentTypeGroupLink, fieldDefinition, contentType } = TABLES;
const t = contentType.$as('t');
const links = contentTypeGroupLink;

const publishedTypes = (kx: Knex): Knex.QueryBuilder => kx(`${t}`).select(t.$all).where(t.status, DEFINED);
const linksOf = (kx: Knex): Knex.QueryBuilder =>
  kx(links.$name).select(links.contentTypeId, links.groupId).where(links.contentTypeStatus, DEFINED);
const definitions = (kx: Knex): Knex.QueryBuilder => kx(fieldDefinition.$name).select('*').where(fieldDefinition.status, DEFINED);

const PUBLISHED_TYPE = `SELECT ${t.$all} FROM ${t} WHERE ${t.status} = ${DEFINED}`;
const TYPE_BY_ID = sql<[id: number]>(`${PUBLISHED_TYPE} AND ${t.id} = ?`);
const TYPE_BY_IDENTIFIER = sql<[identifier: string]>(`${PUBLISHED_TYPE} AND ${t.identifier} = ?`);
const TYPE_BY_REMOTE_ID = sql<[remoteId: string]>(`${PUBLISHED_TYPE} AND ${t.remoteId} = ?`);
const LINKS_OF_TYPE = sql<[contentTypeId: number]>(
  `SELECT ${links.$list(['contentTypeId', 'groupId'])} FROM ${links} WHERE ${links.contentTypeStatus} = ${DEFINED} ` +
    `AND ${links.contentTypeId} = ? ORDER BY ${links.groupId}`,
);
const DEFINITIONS_OF_TYPE = sql<[contentTypeId: number]>(
  `SELECT * FROM ${fieldDefinition} WHERE ${fieldDefinition.status} = ${DEFINED} AND ${fieldDefinition.contentTypeId} = ? ` +
    `ORDER BY ${fieldDefinition.position}, ${fieldDefinition.id}`,
);

/**
 * ContentTypeHandler on `content_type_group`, `content_type`, `content_type_group_link` and `field_definition`.
 * Reads return published (DEFINED) types only, each assembled from three queries whatever the number of types
 * (types, group links, field definitions ordered by position then id). Unknown ids give null. Drafts share the
 * id of their published type with status DRAFT (Ibexa Legacy `ezcontentclass.version`); the writes live in
 * `content-type/sql-content-type-writes.ts`, multi-statement ones in one transaction (joining the caller's).
 */
export class SqlContentTypeHandler implements ContentTypeHandler {
  constructor(private readonly ctx: SqlContext) {}

  async loadGroups(): Promise<readonly ContentTypeGroup[]> {
    const rows = await this.ctx.rows(this.ctx.kx(contentTypeGroup.$name).select('*').orderBy(contentTypeGroup.id));
    return rows.map(toContentTypeGroup);
  }

  async loadGroup(groupId: number): Promise<ContentTypeGroup | null> {
    const row = await this.ctx.first(this.ctx.kx(contentTypeGroup.$name).select('*').where(contentTypeGroup.id, groupId));
    return row && toContentTypeGroup(row);
  }

  async loadGroupByIdentifier(identifier: string): Promise<ContentTypeGroup | null> {
    const row = await this.ctx.first(this.ctx.kx(contentTypeGroup.$name).select('*').where(contentTypeGroup.identifier, identifier));
    return row && toContentTypeGroup(row);
  }

  async loadContentTypes(groupId?: number): Promise<readonly StoredContentType[]> {
    const query = publishedTypes(this.ctx.kx).orderBy(t.id);
    if (groupId !== undefined) {
      query.whereIn(
        t.id,
        this.ctx.kx(links.$name).select(links.contentTypeId).where(links.groupId, groupId).where(links.contentTypeStatus, DEFINED),
      );
    }
    return this.assemble(await this.ctx.rows(query));
  }

  async load(contentTypeId: number): Promise<StoredContentType | null> {
    return this.loadOne(await this.ctx.one(TYPE_BY_ID, [contentTypeId]));
  }

  async loadByIdentifier(identifier: string): Promise<StoredContentType | null> {
    return this.loadOne(await this.ctx.one(TYPE_BY_IDENTIFIER, [identifier]));
  }

  async loadByRemoteId(remoteId: string): Promise<StoredContentType | null> {
    return this.loadOne(await this.ctx.one(TYPE_BY_REMOTE_ID, [remoteId]));
  }

  async createGroup(group: Omit<ContentTypeGroup, 'id'>): Promise<ContentTypeGroup> {
    const { id: _id, ...row } = contentTypeGroupRow({ ...group, id: 0 });
    return { ...group, id: await insertReturningId(this.ctx, contentTypeGroup, row) };
  }

  async updateGroup(group: ContentTypeGroup): Promise<ContentTypeGroup> {
    const { id: _id, ...patch } = contentTypeGroupRow(group);
    const { statement, params } = updateById(contentTypeGroup, patch, group.id);
    await this.ctx.write(statement, params);
    return group;
  }

  async deleteGroup(groupId: number): Promise<void> {
    await this.ctx.write(DELETE_GROUP, [groupId]);
  }

  async countTypesInGroup(groupId: number): Promise<number> {
    return (await this.ctx.one(COUNT_TYPES_IN_GROUP, [groupId]))?.int('n') ?? 0;
  }

  async findTypeIds(key: 'identifier' | 'remoteId', value: string): Promise<readonly number[]> {
    const rows = await this.ctx.all(key === 'identifier' ? TYPE_IDS_BY_IDENTIFIER : TYPE_IDS_BY_REMOTE_ID, [value]);
    return rows.map((row) => row.int(contentType.id));
  }

  loadDraft(contentTypeId: number): Promise<StoredContentType | null> {
    return writes.loadTypeInStatus(this.ctx, contentTypeId, DRAFT);
  }

  createDraft(type: NewStoredContentType): Promise<StoredContentType> {
    return writes.createDraft(this.ctx, type);
  }

  createDraftFromDefined(contentTypeId: number, change: { readonly modifierId: number; readonly modificationDate: Date }): Promise<StoredContentType> {
    return writes.createDraftFromDefined(this.ctx, contentTypeId, change);
  }

  updateDraft(contentTypeId: number, patch: ContentTypeDraftPatch): Promise<StoredContentType> {
    return writes.updateDraft(this.ctx, contentTypeId, patch);
  }

  addFieldDefinition(contentTypeId: number, definition: Omit<StoredFieldDefinition, 'id'>): Promise<StoredFieldDefinition> {
    return writes.addFieldDefinition(this.ctx, contentTypeId, definition);
  }

  updateFieldDefinition(contentTypeId: number, definition: StoredFieldDefinition): Promise<void> {
    return writes.updateFieldDefinition(this.ctx, contentTypeId, definition);
  }

  removeFieldDefinition(_contentTypeId: number, fieldDefinitionId: number): Promise<void> {
    return writes.removeFieldDefinition(this.ctx, fieldDefinitionId);
  }

  publishDraft(contentTypeId: number): Promise<StoredContentType> {
    return writes.publishDraft(this.ctx, contentTypeId);
  }

  deleteDraft(contentTypeId: number): Promise<void> {
    return writes.deleteType(this.ctx, contentTypeId, [DRAFT]);
  }

  deleteContentType(contentTypeId: number): Promise<void> {
    return writes.deleteType(this.ctx, contentTypeId, [DRAFT, DEFINED]);
  }

  async linkGroup(contentTypeId: number, groupId: number): Promise<void> {
    await this.ctx.write(INSERT_LINK, [contentTypeId, DEFINED, groupId]);
  }

  async unlinkGroup(contentTypeId: number, groupId: number): Promise<void> {
    await this.ctx.write(DELETE_LINK, [contentTypeId, DEFINED, groupId]);
  }

  async countContent(contentTypeId: number): Promise<number> {
    return (await this.ctx.one(COUNT_CONTENT_OF_TYPE, [contentTypeId]))?.int('n') ?? 0;
  }

  private async loadOne(row: Row | null): Promise<StoredContentType | null> {
    if (!row) return null;
    const id = row.int(contentType.id);
    const [linkRows, definitionRows] = await Promise.all([
      this.ctx.all(LINKS_OF_TYPE, [id]),
      this.ctx.all(DEFINITIONS_OF_TYPE, [id]),
    ]);
    return toContentType(
      row,
      linkRows.map((link) => link.int(links.groupId)),
      definitionRows.map(toFieldDefinition),
    );
  }

  /** Adds group ids and field definitions to type rows, with one query each for all types. */
  private async assemble(typeRows: readonly Row[]): Promise<StoredContentType[]> {
    if (typeRows.length === 0) return [];
    const ids = typeRows.map((row) => row.int(contentType.id));
    const [linkRows, definitionRows] = await Promise.all([
      this.ctx.rows(linksOf(this.ctx.kx).whereIn(links.contentTypeId, ids).orderBy([links.contentTypeId, links.groupId])),
      this.ctx.rows(
        definitions(this.ctx.kx)
          .whereIn(fieldDefinition.contentTypeId, ids)
          .orderBy([fieldDefinition.contentTypeId, fieldDefinition.position, fieldDefinition.id]),
      ),
    ]);
    const groupIds = groupBy(linkRows, (row) => row.int(links.groupId));
    const fieldDefinitions = groupBy(definitionRows, toFieldDefinition);
    return typeRows.map((row) => {
      const id = row.int(contentType.id);
      return toContentType(row, groupIds.get(id) ?? [], fieldDefinitions.get(id) ?? []);
    });
  }
}

function groupBy<T>(rows: readonly Row[], map: (row: Row) => T): Map<number, T[]> {
  const result = new Map<number, T[]>();
  for (const row of rows) {
    // The type id of a link or definition row (both call the column content_type_id).
    const key = row.int(links.contentTypeId);
    const list = result.get(key);
    if (list) list.push(map(row));
    else result.set(key, [map(row)]);
  }
  return result;
}
