import type { ContentTypeGroup, ContentTypeHandler, StoredContentType } from '@contentrepo/core';
import type { Knex } from '@mikro-orm/knex';
import { contentTypeStatusCode } from '../db/codes.js';
import type { Row } from '../db/row.js';
import type { SqlContext } from '../db/sql-context.js';
import { sql } from '../db/statement.js';
import { toContentType, toContentTypeGroup, toFieldDefinition } from '../mappers/content-type.js';

const DEFINED = contentTypeStatusCode('DEFINED');

const publishedTypes = (kx: Knex): Knex.QueryBuilder => kx('content_type as t').select('t.*').where('t.status', DEFINED);
const links = (kx: Knex): Knex.QueryBuilder =>
  kx('content_type_group_link').select('content_type_id', 'group_id').where('content_type_status', DEFINED);
const definitions = (kx: Knex): Knex.QueryBuilder => kx('field_definition').select('*').where('status', DEFINED);

const PUBLISHED_TYPE = `SELECT t.* FROM content_type t WHERE t.status = ${DEFINED}`;
const TYPE_BY_ID = sql<[id: number]>(`${PUBLISHED_TYPE} AND t.id = ?`);
const TYPE_BY_IDENTIFIER = sql<[identifier: string]>(`${PUBLISHED_TYPE} AND t.identifier = ?`);
const TYPE_BY_REMOTE_ID = sql<[remoteId: string]>(`${PUBLISHED_TYPE} AND t.remote_id = ?`);
const LINKS_OF_TYPE = sql<[contentTypeId: number]>(
  `SELECT content_type_id, group_id FROM content_type_group_link WHERE content_type_status = ${DEFINED} ` +
    'AND content_type_id = ? ORDER BY group_id',
);
const DEFINITIONS_OF_TYPE = sql<[contentTypeId: number]>(
  `SELECT * FROM field_definition WHERE status = ${DEFINED} AND content_type_id = ? ORDER BY position, id`,
);

/**
 * ContentTypeHandler on `content_type_group`, `content_type`, `content_type_group_link` and `field_definition`.
 * Reads return published (DEFINED) types only, each assembled from three queries whatever the number of types
 * (types, group links, field definitions ordered by position then id). Unknown ids give null.
 */
export class SqlContentTypeHandler implements ContentTypeHandler {
  constructor(private readonly ctx: SqlContext) {}

  async loadGroups(): Promise<readonly ContentTypeGroup[]> {
    const rows = await this.ctx.rows(this.ctx.kx('content_type_group').select('*').orderBy('id'));
    return rows.map(toContentTypeGroup);
  }

  async loadGroup(groupId: number): Promise<ContentTypeGroup | null> {
    const row = await this.ctx.first(this.ctx.kx('content_type_group').select('*').where('id', groupId));
    return row && toContentTypeGroup(row);
  }

  async loadGroupByIdentifier(identifier: string): Promise<ContentTypeGroup | null> {
    const row = await this.ctx.first(this.ctx.kx('content_type_group').select('*').where('identifier', identifier));
    return row && toContentTypeGroup(row);
  }

  async loadContentTypes(groupId?: number): Promise<readonly StoredContentType[]> {
    const query = publishedTypes(this.ctx.kx).orderBy('t.id');
    if (groupId !== undefined) {
      query.whereIn(
        't.id',
        this.ctx.kx('content_type_group_link').select('content_type_id').where({
          group_id: groupId,
          content_type_status: DEFINED,
        }),
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

  private async loadOne(row: Row | null): Promise<StoredContentType | null> {
    if (!row) return null;
    const id = row.int('id');
    const [linkRows, definitionRows] = await Promise.all([
      this.ctx.all(LINKS_OF_TYPE, [id]),
      this.ctx.all(DEFINITIONS_OF_TYPE, [id]),
    ]);
    return toContentType(
      row,
      linkRows.map((link) => link.int('group_id')),
      definitionRows.map(toFieldDefinition),
    );
  }

  /** Adds group ids and field definitions to type rows, with one query each for all types. */
  private async assemble(typeRows: readonly Row[]): Promise<StoredContentType[]> {
    if (typeRows.length === 0) return [];
    const ids = typeRows.map((row) => row.int('id'));
    const [linkRows, definitionRows] = await Promise.all([
      this.ctx.rows(links(this.ctx.kx).whereIn('content_type_id', ids).orderBy(['content_type_id', 'group_id'])),
      this.ctx.rows(definitions(this.ctx.kx).whereIn('content_type_id', ids).orderBy(['content_type_id', 'position', 'id'])),
    ]);
    const groupIds = groupBy(linkRows, (row) => row.int('group_id'));
    const fieldDefinitions = groupBy(definitionRows, toFieldDefinition);
    return typeRows.map((row) => {
      const id = row.int('id');
      return toContentType(row, groupIds.get(id) ?? [], fieldDefinitions.get(id) ?? []);
    });
  }
}

function groupBy<T>(rows: readonly Row[], map: (row: Row) => T): Map<number, T[]> {
  const result = new Map<number, T[]>();
  for (const row of rows) {
    const key = row.int('content_type_id');
    const list = result.get(key);
    if (list) list.push(map(row));
    else result.set(key, [map(row)]);
  }
  return result;
}
