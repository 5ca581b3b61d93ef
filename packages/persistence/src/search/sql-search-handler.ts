import type {
  ContentIndexDocument,
  IdSearchResult,
  ResolvedQuery,
  SearchCapability,
  SearchHandler,
} from '@contentrepo/core';
import type { SqlContext } from '../db/sql-context.js';
import type { SearchTarget } from './criterion-handler.js';
import { deleteIndex, indexDocument } from './search-indexer.js';
import { compiledSearch } from './search-statements.js';

/**
 * SearchHandler in SQL on the live tables (Ibexa's Legacy search engine): content search returns published
 * items once each, location search their locations (root excluded); two statements per search (exact count,
 * page of ids), compiled once per distinct search (`search-statements.ts`). The index tables written by
 * `indexContent` (`search-indexer.ts`) back the Field-like criteria, the Field sort, names, logins and full text.
 *
 * Capabilities: `fullText` (the word index) and `imageCriteria` (stored image data); no `scoring`.
 * @throws NotImplementedError for criteria or sort clauses without a handler (see `criteria/index.ts`).
 */
export class SqlSearchHandler implements SearchHandler {
  constructor(private readonly ctx: SqlContext) {}

  supports(capability: SearchCapability): boolean {
    return capability === 'fullText' || capability === 'imageCriteria';
  }

  findContent(query: ResolvedQuery): Promise<IdSearchResult> {
    return this.find('content', query);
  }

  findLocations(query: ResolvedQuery): Promise<IdSearchResult> {
    return this.find('location', query);
  }

  indexContent(document: ContentIndexDocument): Promise<void> {
    return indexDocument(this.ctx, document);
  }

  deleteContent(contentId: number): Promise<void> {
    return deleteIndex(this.ctx, contentId);
  }

  private async find(target: SearchTarget, query: ResolvedQuery): Promise<IdSearchResult> {
    const { count, page } = compiledSearch(this.ctx, target, query);
    const [counted, hits] = await Promise.all([this.ctx.rowsOf(count), page ? this.ctx.rowsOf(page) : Promise.resolve([])]);
    return { totalCount: counted[0]?.int('total') ?? 0, ids: hits.map((row) => row.int('id')) };
  }
}
