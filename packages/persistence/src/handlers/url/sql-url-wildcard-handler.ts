import type { URLWildcard, UrlWildcardHandler } from '@contentrepo/core';
import { insertReturningId } from '../../db/inserts.js';
import type { Row } from '../../db/row.js';
import type { SqlContext } from '../../db/sql-context.js';
import { sql } from '../../db/statement.js';

const COLUMNS = 'id, source_url, destination_url, forward';
const BY_ID = sql<[id: number]>(`SELECT ${COLUMNS} FROM url_wildcard WHERE id = ?`);
const BY_SOURCE = sql<[sourceUrl: string]>(`SELECT ${COLUMNS} FROM url_wildcard WHERE source_url = ?`);
const PAGE = sql<[limit: number, offset: number]>(`SELECT ${COLUMNS} FROM url_wildcard ORDER BY id LIMIT ? OFFSET ?`);
const DELETE = sql<[id: number]>('DELETE FROM url_wildcard WHERE id = ?');

const toWildcard = (row: Row): URLWildcard => ({
  id: row.int('id'),
  sourceUrl: row.str('source_url'),
  destinationUrl: row.str('destination_url'),
  forward: row.bool('forward'),
});

/** UrlWildcardHandler on `url_wildcard` (Ibexa Legacy `ezurlwildcard`, migration 0005). */
export class SqlUrlWildcardHandler implements UrlWildcardHandler {
  constructor(private readonly ctx: SqlContext) {}

  async create(wildcard: Omit<URLWildcard, 'id'>): Promise<URLWildcard> {
    const id = await insertReturningId(this.ctx, 'url_wildcard', {
      source_url: wildcard.sourceUrl,
      destination_url: wildcard.destinationUrl,
      forward: wildcard.forward,
    });
    return { id, ...wildcard };
  }

  async load(id: number): Promise<URLWildcard | null> {
    const row = await this.ctx.one(BY_ID, [id]);
    return row && toWildcard(row);
  }

  async loadBySourceUrl(sourceUrl: string): Promise<URLWildcard | null> {
    const row = await this.ctx.one(BY_SOURCE, [sourceUrl]);
    return row && toWildcard(row);
  }

  async loadAll(offset: number, limit: number): Promise<readonly URLWildcard[]> {
    return (await this.ctx.all(PAGE, [limit < 0 ? Number.MAX_SAFE_INTEGER : limit, offset])).map(toWildcard);
  }

  async remove(id: number): Promise<void> {
    await this.ctx.write(DELETE, [id]);
  }
}
