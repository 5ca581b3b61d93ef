import {
  type ContentIndexDocument,
  type FieldTypeRegistry,
  type FieldTypesByFamily,
  groupBySearchFamily,
  type IdSearchResult,
  type ResolvedQuery,
  type SearchCapability,
  type SearchHandler,
} from '@contentrepo/core';
import type { Criterion } from '@contentrepo/core';
import type { SqlContext } from '../db/sql-context.js';
import type { SearchTarget } from './criterion-handler.js';
import { resolveFullTextWords } from './full-text-words.js';
import { deleteIndex, indexDocument } from './search-indexer.js';
import { compiledSearch } from './search-statements.js';

/**
 * SearchHandler in SQL on the live tables (Ibexa's Legacy search engine): content search returns published
 * items once each, location search their locations (root excluded). A search runs the statements compiled once
 * per distinct search (`search-statements.ts`): the exact count and the page of ids, or for searches whose page
 * visits every match anyway one page that also counts; with `performCount` false, the page of ids only; a listing
 * sorted by one Field clause descending first walks the sort field's entries in order (`sorted-walk.ts`); full-text queries first resolve their words to
 * dictionary ids, stop words left out (`full-text-words.ts`). The index tables written by `indexContent`
 * (`search-indexer.ts`) back the Field-like criteria, the Field sort, names, logins and full text.
 *
 * Capabilities: `fullText` (the word index) and `imageCriteria` (stored image data); no `scoring`.
 *
 * The index entries carry their search family and the search service lists the field types of each Field target
 * by family; `fieldTypes` — the repository's field types — only give the families of a Field target a query does
 * not list (a handler called directly).
 * @throws NotImplementedError for criteria or sort clauses without a handler (see `criteria/index.ts`).
 */
export class SqlSearchHandler implements SearchHandler {
  private readonly fieldTypes: FieldTypesByFamily;

  constructor(
    private readonly ctx: SqlContext,
    fieldTypes: FieldTypeRegistry,
  ) {
    this.fieldTypes = groupBySearchFamily(fieldTypes.all());
  }

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
    const queries = fullTextQueries(query.criterion);
    const fullTextWords = queries.length === 0 ? new Map<string, readonly number[]>() : await resolveFullTextWords(this.ctx, queries);
    const { count, page, counted, uncountedPage, walk } = await compiledSearch(this.ctx, target, query, { fullTextWords, fieldTypes: this.fieldTypes });
    if (walk) {
      // A listing sorted by a field: the walk in sort order is the page when it finds every row of it.
      const [walked, total] = await Promise.all([
        this.ctx.rowsOf(walk.statement),
        query.performCount === false ? Promise.resolve(null) : this.ctx.rowsOf(count),
      ]);
      if (walked.length >= walk.rows) {
        return { totalCount: total === null ? null : (total[0]?.int('total') ?? 0), ids: walked.slice(query.offset).map((row) => row.int('id')) };
      }
    }
    if (query.performCount === false) {
      // No count wanted (Ibexa `performCount`): the page alone, which can stop after offset + limit hits.
      const hits = uncountedPage ? await this.ctx.rowsOf(uncountedPage) : [];
      return { totalCount: null, ids: hits.map((row) => row.int('id')) };
    }
    if (counted && page) {
      const hits = await this.ctx.rowsOf(page);
      const [first] = hits;
      // No row: the page starts after the last hit (or nothing matches); only the count tells the total then.
      const totalCount = first ? first.int('total') : query.offset > 0 ? ((await this.ctx.rowsOf(count))[0]?.int('total') ?? 0) : 0;
      return { totalCount, ids: hits.map((row) => row.int('id')) };
    }
    const [total, hits] = await Promise.all([this.ctx.rowsOf(count), page ? this.ctx.rowsOf(page) : Promise.resolve([])]);
    return { totalCount: total[0]?.int('total') ?? 0, ids: hits.map((row) => row.int('id')) };
  }
}

/** The values of the FullText criteria of a tree. */
function fullTextQueries(criterion: Criterion): string[] {
  switch (criterion.type) {
    case 'LogicalAnd':
    case 'LogicalOr':
      return criterion.criteria.flatMap(fullTextQueries);
    case 'LogicalNot':
      return fullTextQueries(criterion.criterion);
    case 'FullText':
      return [criterion.value];
    default:
      return [];
  }
}
