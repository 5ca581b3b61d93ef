import { InvalidArgumentError, type URLWildcard, type UrlWildcardHandler } from '@contentrepo/core';
import { insertReturningId } from '../../db/inserts.js';
import type { Row } from '../../db/row.js';
import type { SqlContext } from '../../db/sql-context.js';
import { convertUniqueViolation } from '../../db/unique-violation.js';
import { sql } from '../../db/statement.js';
import { TABLES } from '../../schema/index.js';

const { urlWildcard } = TABLES;
const COLUMNS = urlWildcard.$list(['id', 'sourceUrl', 'destinationUrl', 'forward']);
const BY_ID = sql<[id: number]>(`SELECT ${COLUMNS} FROM ${urlWildcard} WHERE ${urlWildcard.id} = ?`);
const BY_SOURCE = sql<[sourceUrl: string]>(`SELECT ${COLUMNS} FROM ${urlWildcard} WHERE ${urlWildcard.sourceUrl} = ?`);
const PAGE = sql<[limit: number, offset: number]>(`SELECT ${COLUMNS} FROM ${urlWildcard} ORDER BY ${urlWildcard.id} LIMIT ? OFFSET ?`);
const DELETE = sql<[id: number]>(`DELETE FROM ${urlWildcard} WHERE ${urlWildcard.id} = ?`);

const toWildcard = (row: Row): URLWildcard => ({
  id: row.int(urlWildcard.id),
  sourceUrl: row.str(urlWildcard.sourceUrl),
  destinationUrl: row.str(urlWildcard.destinationUrl),
  forward: row.bool(urlWildcard.forward),
});

/** UrlWildcardHandler on `url_wildcard` (Ibexa Legacy `ezurlwildcard`, migration 0005). */
export class SqlUrlWildcardHandler implements UrlWildcardHandler {
  constructor(private readonly ctx: SqlContext) {}

  /** @throws InvalidArgumentError when the source pattern exists (also when a concurrent creation stored it first). */
  async create(wildcard: Omit<URLWildcard, 'id'>): Promise<URLWildcard> {
    const id = await convertUniqueViolation(
      this.ctx,
      () =>
        insertReturningId(this.ctx, urlWildcard, {
          sourceUrl: wildcard.sourceUrl,
          destinationUrl: wildcard.destinationUrl,
          forward: wildcard.forward,
        }),
      () => new InvalidArgumentError('$sourceUrl', 'Pattern already exists'),
    );
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
